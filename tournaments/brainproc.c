#define _GNU_SOURCE /* pipe2 */
#include "tournaments/brainproc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <time.h>
#include <unistd.h>

#include "brain/clock.h"

/* Splits a command line on blanks (no quoting) into argv for execv. */
static void split_command(char *cmd, char **argv, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(cmd, " \t", &save); tok && n < max - 1; tok = strtok_r(NULL, " \t", &save))
        argv[n++] = tok;
    argv[n] = NULL;
}

/* Linux: the brain gets a process group of its own, so that what is meant for the manager's
 * group never reaches it. A shell that started the manager in the background and exited hangs
 * up that group while it holds a stopped (--suspend) brain, and the hang-up killed the brains
 * waiting for their turn: 4 games of 384 lost as "crashed" on 2026-12-03
 * (results/2026-12-03-history-weight.txt). Ctrl-C then no longer reaches it either, so the
 * kernel kills it when the thread that started it ends (a stopped brain never reads the end of
 * its stdin); the manager's threads stop their brains before they end. `manager`: the
 * manager's pid, to catch a manager that died before the request. */
static void own_process_group(pid_t manager)
{
#ifdef __linux__
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != manager)
        _exit(127);
#else
    (void)manager;
#endif
}

/* Runs in the forked child: only async-signal-safe calls until exec (the parent may have threads).
 * SIGPIPE goes back to its default: the manager ignores it, and an ignored signal stays ignored
 * across exec, which no manager does to its brains. */
static void exec_child(char *const argv[], const char *cwd, int errfd, int in[2], int out[2],
                       pid_t manager)
{
    struct sigaction default_action = {.sa_handler = SIG_DFL};
    sigaction(SIGPIPE, &default_action, NULL);
    own_process_group(manager);
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    if (errfd >= 0) dup2(errfd, STDERR_FILENO);
    if (cwd && chdir(cwd) != 0) _exit(127);
    if (argv[0]) execv(argv[0], argv);
    _exit(127);
}

int brainproc_spawn(BrainProc *p, char *const argv[], const char *cwd, const char *stderr_path)
{
    int in[2], out[2];
    memset(p, 0, sizeof *p);
    signal(SIGPIPE, SIG_IGN); /* a dead brain must be a lost game, not a dead manager */
    int errfd = open(stderr_path ? stderr_path : "/dev/null",
                     O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (pipe2(in, O_CLOEXEC) < 0) goto fail_err;
    if (pipe2(out, O_CLOEXEC) < 0) goto fail_in;
    pid_t manager = getpid();
    p->pid = fork();
    if (p->pid < 0) goto fail_out;
    if (p->pid == 0) exec_child(argv, cwd, errfd, in, out, manager);
    close(in[0]);
    close(out[1]);
    if (errfd >= 0) close(errfd);
    p->to_brain = in[1];
    p->from_brain = out[0];
    return 0;
fail_out:
    close(out[0]); close(out[1]);
fail_in:
    close(in[0]); close(in[1]);
fail_err:
    if (errfd >= 0) close(errfd);
    p->pid = 0;
    return -1;
}

int brainproc_start(BrainProc *p, const char *command)
{
    char cmd[1024], *argv[32];
    snprintf(cmd, sizeof cmd, "%s", command);
    split_command(cmd, argv, 32);
    return brainproc_spawn(p, argv, NULL, NULL);
}

void brainproc_pause(BrainProc *p, bool paused)
{
    if (p->pid > 0) kill(p->pid, paused ? SIGSTOP : SIGCONT);
}

bool brainproc_running(const BrainProc *p)
{
    return p->pid > 0;
}

int brainproc_send(BrainProc *p, const char *line)
{
    char msg[4096];
    int n = snprintf(msg, sizeof msg, "%s\r\n", line);
    if (n < 0 || (size_t)n >= sizeof msg) return -1;
    for (int off = 0; off < n;) {
        ssize_t w = write(p->to_brain, msg + off, (size_t)(n - off));
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        off += (int)w;
    }
    return 0;
}

/* Moves one complete line out of the buffer, if there is one. */
static bool take_line(BrainProc *p, char *line, size_t cap)
{
    char *nl = memchr(p->buf, '\n', p->len);
    if (!nl) return false;
    size_t n = (size_t)(nl - p->buf);
    size_t keep = n < cap - 1 ? n : cap - 1;
    memcpy(line, p->buf, keep);
    while (keep && line[keep - 1] == '\r') keep--;
    line[keep] = 0;
    p->len -= n + 1;
    memmove(p->buf, nl + 1, p->len);
    return true;
}

int brainproc_read_line(BrainProc *p, char *line, size_t cap, int timeout_ms)
{
    int64_t deadline = clock_ms() + timeout_ms;
    for (;;) {
        if (take_line(p, line, cap)) return 1;
        if (p->eof) return -1;
        if (p->len == sizeof p->buf) p->len = 0; /* an absurdly long line: drop it */
        int64_t wait = deadline - clock_ms();
        if (wait <= 0) return 0;
        struct pollfd pfd = {p->from_brain, POLLIN, 0};
        int r = poll(&pfd, 1, (int)wait);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return 0;
        ssize_t got = read(p->from_brain, p->buf + p->len, sizeof p->buf - p->len);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) p->eof = true;
        else p->len += (size_t)got;
    }
}

void brainproc_stop(BrainProc *p, int grace_ms)
{
    struct rusage use;
    if (p->pid <= 0) return;
    memset(&use, 0, sizeof use);
    kill(p->pid, SIGCONT); /* a suspended brain could not read END */
    if (!p->eof) brainproc_send(p, "END");
    close(p->to_brain);
    int64_t deadline = clock_ms() + grace_ms;
    while (clock_ms() < deadline) {
        if (wait4(p->pid, NULL, WNOHANG, &use) == p->pid) goto closed;
        struct timespec nap = {0, 5000000};
        nanosleep(&nap, NULL);
    }
    kill(p->pid, SIGKILL);
    if (wait4(p->pid, NULL, 0, &use) != p->pid) use.ru_maxrss = 0;
closed:
    p->peak_rss_kb = use.ru_maxrss; /* KiB on Linux */
    close(p->from_brain);
    p->pid = 0;
}

/* A running process's VmHWM in KiB from /proc/PID/status; 0 when it cannot be read. */
static long read_vm_hwm(pid_t pid)
{
    char path[64], line[256];
    long kb = 0;
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kb) == 1) break;
    fclose(f);
    return kb;
}

long brainproc_peak_rss(BrainProc *p)
{
    if (p->pid > 0) {
        long kb = read_vm_hwm(p->pid);
        if (kb > p->peak_rss_kb) p->peak_rss_kb = kb;
    }
    return p->peak_rss_kb;
}

void brainproc_reset_peak(BrainProc *p)
{
    p->peak_rss_kb = 0;
    if (p->pid <= 0) return;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/clear_refs", (int)p->pid);
    FILE *f = fopen(path, "w");
    if (!f) return; /* not Linux, or not allowed: the peak then counts from the start */
    fputs("5", f);  /* 5: reset the peak resident set size */
    fclose(f);
}
