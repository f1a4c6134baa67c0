/* A pbrain process seen from the manager's side: started with pipes, spoken to line by line,
 * every read bounded by a timeout so a silent or dead brain never hangs the caller. */
#ifndef GAMOK_BRAINPROC_H
#define GAMOK_BRAINPROC_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

typedef struct BrainProc {
    pid_t pid;
    int to_brain;   /* write end of the brain's stdin */
    int from_brain; /* read end of the brain's stdout */
    char buf[8192]; /* bytes read but not yet returned as lines */
    size_t len;
    bool eof;
    long peak_rss_kb; /* peak resident memory in KiB as last measured; 0 = not known */
} BrainProc;

/* Starts `command` (a path and blank-separated arguments) with stdin/stdout as pipes and stderr
 * to /dev/null. Returns 0 or -1; a binary that cannot be run shows up as EOF on first read. */
int brainproc_start(BrainProc *p, const char *command);
/* Starts argv[0] with arguments argv[1..] (NULL-terminated) in working directory `cwd` (NULL:
 * the caller's) with stderr appended to `stderr_path` (NULL: /dev/null). Pipes are close-on-exec
 * so brains started concurrently from several threads never hold each other's pipes open. */
int brainproc_spawn(BrainProc *p, char *const argv[], const char *cwd, const char *stderr_path);
/* Suspends (SIGSTOP) or resumes (SIGCONT) the process: GomocupJudge's way of keeping a brain
 * from thinking on the opponent's time. */
void brainproc_pause(BrainProc *p, bool paused);
/* True while the process has not been stopped (it may still have died: reads then see EOF). */
bool brainproc_running(const BrainProc *p);
/* Sends one line (CR LF added, as Piskvork does). Returns 0 or -1 (brain gone). */
int brainproc_send(BrainProc *p, const char *line);
/* Reads one line (without its ending) within `timeout_ms`. Returns 1 on a line, 0 on timeout,
 * -1 on EOF. */
int brainproc_read_line(BrainProc *p, char *line, size_t cap, int timeout_ms);
/* Sends END, waits up to `grace_ms` for the exit, then kills. The exit's rusage gives the
 * process's peak resident memory (ru_maxrss) to peak_rss_kb. */
void brainproc_stop(BrainProc *p, int grace_ms);
/* Peak resident memory in KiB: a running process's VmHWM (Linux /proc; since the last
 * brainproc_reset_peak), else what its exit said; 0 when not known. */
long brainproc_peak_rss(BrainProc *p);
/* Starts a new measurement: forgets the last figure and, for a running process, resets its
 * VmHWM (Linux /proc/PID/clear_refs), so that one process reused for many games has a peak per
 * game. */
void brainproc_reset_peak(BrainProc *p);

#endif
