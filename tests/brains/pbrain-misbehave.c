/* A tiny pbrain for the runner's tests: it plays the empty cell nearest the centre, and
 * misbehaves the way argv[1] says:
 *   good      plays legally                  noisy     MESSAGE/DEBUG lines around each move
 *   crash     exits when asked for a move    hang      never answers anything (not even ABOUT)
 *   slow      never answers a move, ignores YXSTOP
 *   stopper   answers its first move only after YXSTOP (tests that the runner sends it)
 *   occupied  plays on the opponent's last stone       offboard  plays 99,99
 *   badstart  answers START with garbage     garbage   answers a move with a sentence
 *   first=X,Y plays X,Y as its first move, then like good (a renju foul, given an opening)
 *   needtime  answers garbage unless an INFO time_left came since its last move
 *   hog       plays legally, and touches HOG_MB of memory after its first START only */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define N 22
#define HOG_MB 48

typedef struct Brain {
    const char *mode;
    int size, cell[N][N], lastx, lasty, moves, first_x, first_y;
    int got_time_left, starts;
} Brain;

static void reply(const char *line)
{
    printf("%s\n", line);
    fflush(stdout);
}

static void nearest_empty(const Brain *b, int *x, int *y)
{
    int c = b->size / 2, best = -1;
    for (int j = 0; j < b->size; j++)
        for (int i = 0; i < b->size; i++) {
            int d = abs(i - c) + abs(j - c) * 2 + (i < c); /* a fixed, asymmetric order */
            if (!b->cell[i][j] && (best < 0 || d < best)) { best = d; *x = i; *y = j; }
        }
}

/* Makes the resident set HOG_MB larger for a moment: the runner's peak memory must see it.
 * mmap, not malloc: the pages leave at munmap even where an allocator (ASan's) would keep them. */
static void hog(void)
{
    size_t bytes = (size_t)HOG_MB << 20;
    char *block = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (block == MAP_FAILED) exit(4);
    for (size_t i = 0; i < bytes; i += 4096) ((volatile char *)block)[i] = 1; /* every page */
    munmap(block, bytes);
}

static void wait_for_stop(void)
{
    char line[256];
    while (fgets(line, sizeof line, stdin) && strncmp(line, "YXSTOP", 6)) {}
}

static void move(Brain *b)
{
    const char *m = b->mode;
    int x = 0, y = 0;
    char out[64];
    if (!strcmp(m, "crash")) exit(3);
    if (!strcmp(m, "slow")) for (;;) { struct timespec t = {1, 0}; nanosleep(&t, NULL); }
    if (!strcmp(m, "garbage")) { reply("I resign, well played"); return; }
    if (!strcmp(m, "offboard")) { reply("99,99"); return; }
    if (!strcmp(m, "occupied") && b->moves) { snprintf(out, sizeof out, "%d,%d", b->lastx, b->lasty); reply(out); return; }
    if (!strcmp(m, "stopper") && b->moves == 0) wait_for_stop();
    if (!strcmp(m, "needtime") && !b->got_time_left) { reply("no time_left before this move"); return; }
    b->got_time_left = 0;
    nearest_empty(b, &x, &y);
    if (!strncmp(m, "first=", 6) && b->moves == 0) { x = b->first_x; y = b->first_y; }
    b->cell[x][y] = 1;
    b->moves++;
    if (!strcmp(m, "noisy")) { reply("MESSAGE thinking hard"); reply(""); reply("DEBUG depth 3"); }
    snprintf(out, sizeof out, "%d,%d", x, y);
    reply(out);
}

static void command(Brain *b, char *line)
{
    int x, y, f;
    line[strcspn(line, "\r\n")] = 0;
    if (!strcmp(line, "ABOUT")) reply("name=\"misbehave\", version=\"1\"");
    else if (sscanf(line, "START %d", &b->size) == 1) {
        memset(b->cell, 0, sizeof b->cell);
        b->moves = 0;
        if (!strcmp(b->mode, "hog") && b->starts++ == 0) hog();
        reply(!strcmp(b->mode, "badstart") ? "HELLO THERE" : "OK");
    } else if (!strcmp(line, "BEGIN")) move(b);
    else if (sscanf(line, "TURN %d,%d", &x, &y) == 2) {
        b->cell[x][y] = 2; b->lastx = x; b->lasty = y;
        move(b);
    } else if (!strcmp(line, "BOARD")) {
        char l[64];
        while (fgets(l, sizeof l, stdin) && sscanf(l, "%d,%d,%d", &x, &y, &f) == 3) {
            b->cell[x][y] = f; b->lastx = x; b->lasty = y;
        }
        move(b);
    } else if (!strncmp(line, "INFO time_left ", 15)) b->got_time_left = 1;
    else if (!strcmp(line, "END")) exit(0);
}

int main(int argc, char **argv)
{
    Brain b = {.mode = argc > 1 ? argv[1] : "good", .size = 15};
    char line[256];
    if (!strncmp(b.mode, "first=", 6)) sscanf(b.mode + 6, "%d,%d", &b.first_x, &b.first_y);
    if (!strcmp(b.mode, "noisy")) reply("MESSAGE hello before anything");
    if (!strcmp(b.mode, "hang")) for (;;) { struct timespec t = {1, 0}; nanosleep(&t, NULL); }
    while (fgets(line, sizeof line, stdin)) command(&b, line);
    return 0;
}
