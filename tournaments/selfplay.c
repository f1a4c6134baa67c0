/* A demo game between two pbrain brains through the real Gomocup protocol, refereed with
 * brain/rules.c. It prints each move, the final board and the result. The tournament runner
 * (tournaments/, a later issue) grows from this. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/board.h"
#include "brain/clock.h"
#include "brain/rules.h"
#include "tournaments/brainproc.h"

typedef struct Match {
    const char *cmd[2]; /* [0] plays black */
    int size, rule;
    int turn_ms, match_ms, tolerance_ms;
    long long max_memory;
    int quiet;
    const char *opening; /* "dx,dy dx,dy ..." offsets from the centre, Gomocup style, or NULL */
    int first_colour;    /* the colour to move after the opening: pl[0] plays it */
} Match;

typedef struct Player {
    BrainProc proc;
    long long time_left; /* match time left in ms; only meaningful when match_ms > 0 */
    int moved;           /* has made a move: later turns come as TURN, the first as BOARD */
} Player;

static const char STONE[4] = {'.', 'X', 'O', '#'};

static void usage(void)
{
    puts("usage: selfplay [--size N] [--rule R] [--turn MS] [--match MS] [--tolerance MS]\n"
         "                [--memory BYTES] [--opening \"dx,dy dx,dy ...\"] [--quiet]\n"
         "                BLACK_COMMAND WHITE_COMMAND\n"
         "Plays one game between two pbrain brains (commands may carry arguments, quoted).\n"
         "An opening gives stones as offsets from the centre, black first (Gomocup format);\n"
         "the brain to move after them is the first command when they are even in number.");
}

static int parse_args(int argc, char **argv, Match *m)
{
    *m = (Match){{NULL, NULL}, 15, 0, 300, 0, 1000, 350LL * 1024 * 1024, 0, NULL, BLACK};
    int n = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        if (!strcmp(a, "--quiet")) m->quiet = 1;
        else if (!strcmp(a, "--size") && has_value) m->size = atoi(argv[++i]);
        else if (!strcmp(a, "--rule") && has_value) m->rule = atoi(argv[++i]);
        else if (!strcmp(a, "--turn") && has_value) m->turn_ms = atoi(argv[++i]);
        else if (!strcmp(a, "--match") && has_value) m->match_ms = atoi(argv[++i]);
        else if (!strcmp(a, "--tolerance") && has_value) m->tolerance_ms = atoi(argv[++i]);
        else if (!strcmp(a, "--memory") && has_value) m->max_memory = atoll(argv[++i]);
        else if (!strcmp(a, "--opening") && has_value) m->opening = argv[++i];
        else if (a[0] == '-' || n == 2) return -1;
        else m->cmd[n++] = a;
    }
    if (n != 2 || m->size < BOARD_MIN || m->size > BOARD_MAX || !rule_supported(m->rule) ||
        m->turn_ms < 0 || m->match_ms < 0)
        return -1;
    return 0;
}

static void print_board(const Board *b, int last)
{
    printf("   ");
    for (int x = 0; x < b->size; x++) printf("%3d", x);
    printf("\n");
    for (int y = 0; y < b->size; y++) {
        printf("%3d", y);
        for (int x = 0; x < b->size; x++) {
            int c = cell_index(x, y);
            printf(c == last ? " [%c" : "  %c", STONE[b->cell[c]]);
        }
        printf("\n");
    }
    printf("(x is the column, y the row; [ marks the last move)\n");
}

/* Reads the brain's move: skips MESSAGE/DEBUG lines, takes the first "x,y" line.
 * Returns 1 with *x,*y; 0 on timeout; -1 on EOF; -2 on a line that is not a move. */
static int read_move(BrainProc *p, int timeout_ms, int *x, int *y, char *why, size_t cap)
{
    char line[512];
    int64_t deadline = clock_ms() + timeout_ms;
    for (;;) {
        int left = (int)(deadline - clock_ms());
        int r = brainproc_read_line(p, line, sizeof line, left > 0 ? left : 0);
        if (r <= 0) return r;
        if (!line[0] || !strncmp(line, "MESSAGE", 7) || !strncmp(line, "DEBUG", 5)) continue;
        char extra;
        if (sscanf(line, "%d,%d%c", x, y, &extra) == 2) return 1;
        snprintf(why, cap, "answered \"%.60s\" instead of a move", line);
        return -2;
    }
}

static int start_player(Player *pl, const char *cmd, const Match *m)
{
    char line[256];
    pl->time_left = m->match_ms;
    if (brainproc_start(&pl->proc, cmd)) return -1;
    snprintf(line, sizeof line, "START %d", m->size);
    brainproc_send(&pl->proc, line);
    if (brainproc_read_line(&pl->proc, line, sizeof line, 5000) != 1 || strcmp(line, "OK"))
        return -1;
    snprintf(line, sizeof line, "INFO timeout_turn %d", m->turn_ms);
    brainproc_send(&pl->proc, line);
    snprintf(line, sizeof line, "INFO timeout_match %d", m->match_ms);
    brainproc_send(&pl->proc, line);
    snprintf(line, sizeof line, "INFO max_memory %lld", m->max_memory);
    brainproc_send(&pl->proc, line);
    snprintf(line, sizeof line, "INFO rule %d", m->rule);
    brainproc_send(&pl->proc, line);
    brainproc_send(&pl->proc, "INFO game_type 1");
    return 0;
}

/* Sends the whole position (the first move of a brain after an opening), as managers do. */
static void send_board(Player *pl, const Board *b)
{
    char line[64];
    brainproc_send(&pl->proc, "BOARD");
    for (int i = 0; i < b->nstones; i++) {
        int c = b->history[i];
        snprintf(line, sizeof line, "%d,%d,%d", cell_x(c), cell_y(c), b->cell[c] == b->to_move ? 1 : 2);
        brainproc_send(&pl->proc, line);
    }
    brainproc_send(&pl->proc, "DONE");
}

/* Asks `pl` for its move: BEGIN on an empty board, BOARD for its first move after an opening,
 * else TURN with the opponent's last move. */
static void ask_move(Player *pl, const Match *m, const Board *b)
{
    char line[64];
    int last = board_last_move(b);
    if (m->match_ms > 0) {
        snprintf(line, sizeof line, "INFO time_left %lld", pl->time_left);
        brainproc_send(&pl->proc, line);
    }
    if (last == CELL_NONE) {
        brainproc_send(&pl->proc, "BEGIN");
    } else if (!pl->moved) {
        send_board(pl, b);
    } else {
        snprintf(line, sizeof line, "TURN %d,%d", cell_x(last), cell_y(last));
        brainproc_send(&pl->proc, line);
    }
    pl->moved = 1;
}

/* Places the opening's stones, alternating colours from black. Returns -1 on a bad opening. */
static int place_opening(Board *b, const char *opening)
{
    int dx, dy, used, centre = b->size / 2;
    while (opening && sscanf(opening, " %d,%d%n", &dx, &dy, &used) == 2) {
        int x = centre + dx, y = centre + dy;
        if (!board_on(b, x, y) || b->cell[cell_index(x, y)] != EMPTY) return -1;
        board_play(b, cell_index(x, y));
        opening += used;
        while (*opening == ' ' || *opening == ',') opening++;
    }
    return opening && *opening ? -1 : 0;
}

/* Plays the game; returns the winner's colour (0 for a draw) and a reason in `why`. */
static int play(Player pl[2], const Match *m, Board *b, char *why, size_t cap)
{
    for (;;) {
        /* pl[0] moves first after the opening, whatever its colour. */
        int side = b->to_move, me = (side == BLACK) == (m->first_colour == BLACK) ? 0 : 1, x, y;
        int64_t t0 = clock_ms();
        ask_move(&pl[me], m, b);
        int limit = m->turn_ms > 0 ? m->turn_ms : 60000;
        if (m->match_ms > 0 && pl[me].time_left < limit) limit = (int)pl[me].time_left;
        int r = read_move(&pl[me].proc, limit + m->tolerance_ms, &x, &y, why, cap);
        int64_t used = clock_ms() - t0;
        pl[me].time_left -= used;
        if (r == 0) snprintf(why, cap, "%c ran out of time", STONE[side]);
        if (r == -1) snprintf(why, cap, "%c crashed or exited", STONE[side]);
        if (r <= 0) return opponent_of(side);
        if (!board_on(b, x, y) || !rule_is_legal(b, cell_index(x, y))) {
            snprintf(why, cap, "%c played an illegal move %d,%d", STONE[side], x, y);
            return opponent_of(side);
        }
        int cell = cell_index(x, y);
        board_play(b, cell);
        if (!m->quiet) printf("%4d. %c %2d,%-2d %6lld ms\n", b->nstones, STONE[side], x, y, (long long)used);
        fflush(stdout);
        if (rule_is_win_at(b, cell)) {
            snprintf(why, cap, "%c made five", STONE[side]);
            return side;
        }
        if (board_full(b)) {
            snprintf(why, cap, "the board is full");
            return 0;
        }
    }
}

int main(int argc, char **argv)
{
    Match m;
    if (parse_args(argc, argv, &m)) { usage(); return 2; }
    Player pl[2];
    memset(pl, 0, sizeof pl);
    Board b;
    char why[160] = "";
    board_init(&b, m.size, rule_from_gomocup(m.rule));
    if (place_opening(&b, m.opening)) { fprintf(stderr, "bad opening for this board: %s\n", m.opening); return 2; }
    m.first_colour = b.to_move;
    printf("Gamok demo: %c = %s, %c = %s\n", STONE[m.first_colour], m.cmd[0],
           STONE[opponent_of(m.first_colour)], m.cmd[1]);
    printf("rule %d, %dx%d, %d ms a turn, match %d ms\n", m.rule, m.size, m.size, m.turn_ms, m.match_ms);
    int winner;
    if (start_player(&pl[0], m.cmd[0], &m)) { winner = opponent_of(m.first_colour); snprintf(why, sizeof why, "%s did not start", m.cmd[0]); }
    else if (start_player(&pl[1], m.cmd[1], &m)) { winner = m.first_colour; snprintf(why, sizeof why, "%s did not start", m.cmd[1]); }
    else winner = play(pl, &m, &b, why, sizeof why);
    print_board(&b, board_last_move(&b));
    /* The last line is for scripts: who won, by command. */
    if (winner) {
        const char *cmd = m.cmd[winner == m.first_colour ? 0 : 1];
        printf("result: %c wins after %d moves (%s)\nwinner: %s\n", STONE[winner], b.nstones, why, cmd);
    } else {
        printf("result: draw after %d moves (%s)\nwinner: none\n", b.nstones, why);
    }
    for (int i = 0; i < 2; i++) brainproc_stop(&pl[i].proc, 1000);
    return 0;
}
