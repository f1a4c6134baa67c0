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
} BrainProc;

/* Starts `command` (a path and blank-separated arguments) with stdin/stdout as pipes and stderr
 * to /dev/null. Returns 0 or -1; a binary that cannot be run shows up as EOF on first read. */
int brainproc_start(BrainProc *p, const char *command);
/* Sends one line (CR LF added, as Piskvork does). Returns 0 or -1 (brain gone). */
int brainproc_send(BrainProc *p, const char *line);
/* Reads one line (without its ending) within `timeout_ms`. Returns 1 on a line, 0 on timeout,
 * -1 on EOF. */
int brainproc_read_line(BrainProc *p, char *line, size_t cap, int timeout_ms);
/* Sends END, waits up to `grace_ms` for the exit, then kills. */
void brainproc_stop(BrainProc *p, int grace_ms);

#endif
