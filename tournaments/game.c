#define _POSIX_C_SOURCE 200809L
#include "tournaments/game.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/clock.h"
#include "brain/rules.h"
#include "tournaments/referee.h"

#define STOP_GRACE_MS 500
#define LINE_CAP 512

static const char *const END_NAMES[END_REASON_COUNT] = {
    "five", "full-board", "move-limit", "crash", "time", "off-board", "occupied", "foul",
    "bad-reply", "no-start"};
static const char STONE_NAME[3][6] = {"", "black", "white"};

const char *end_reason_name(EndReason r)
{
    return r < END_REASON_COUNT ? END_NAMES[r] : "?";
}

int end_reason_parse(const char *name)
{
    for (int i = 0; i < END_REASON_COUNT; i++)
        if (!strcmp(name, END_NAMES[i])) return i;
    return -1;
}

void seat_stop(Seat *s)
{
    if (brainproc_running(&s->proc)) brainproc_stop(&s->proc, STOP_GRACE_MS);
}

static void sendf(Seat *s, const char *fmt, long long v)
{
    char line[128];
    snprintf(line, sizeof line, fmt, v);
    brainproc_send(&s->proc, line);
}

/* Lines every manager skips while it waits for an answer. */
static bool is_chatter(const char *line)
{
    return !line[0] || !strncmp(line, "MESSAGE", 7) || !strncmp(line, "DEBUG", 5);
}

static const char *skip_blanks(const char *s)
{
    while (isspace((unsigned char)*s)) s++;
    return s;
}

/* An integer after optional blanks that fits an int (sscanf's %d has no defined result for one
 * that does not, and a hostile brain may send anything). Advances *s past it. */
static bool take_int(const char **s, int *v)
{
    char *end;
    errno = 0;
    long n = strtol(*s, &end, 10);
    if (end == *s || errno || n < INT_MIN || n > INT_MAX) return false;
    *v = (int)n;
    *s = end;
    return true;
}

/* A move is "x,y" with optional blanks around the numbers, nothing else. */
ReplyKind game_reply_kind(const char *line, int *x, int *y)
{
    const char *p = line;
    bool move = take_int(&p, x);
    p = skip_blanks(p);
    move = move && *p++ == ',' && take_int(&p, y) && !*skip_blanks(p);
    if (move) return REPLY_MOVE;
    return is_chatter(line) ? REPLY_CHATTER : REPLY_OTHER;
}

static int start_process(const GameSettings *gs, Seat *s)
{
    char *argv[ENGINE_MAX_ARGS + 2], log[ARENA_PATH_MAX + ARENA_NAME_MAX + 16];
    const EngineSpec *e = s->spec;
    argv[0] = (char *)e->path;
    for (int i = 0; i < e->nargs; i++) argv[i + 1] = (char *)e->args[i];
    argv[e->nargs + 1] = NULL;
    snprintf(log, sizeof log, "%s/%s.stderr", gs->logdir, e->name);
    return brainproc_spawn(&s->proc, argv, e->cwd[0] ? e->cwd : NULL, gs->logdir[0] ? log : NULL);
}

/* Reads the first line that is not chatter within `ms`. Returns 1, 0 (timeout) or -1 (EOF). */
static int read_answer(Seat *s, char *line, size_t cap, int ms)
{
    int64_t deadline = clock_ms() + ms;
    for (;;) {
        int left = (int)(deadline - clock_ms());
        int r = brainproc_read_line(&s->proc, line, cap, left > 0 ? left : 0);
        if (r != 1 || !is_chatter(line)) return r;
    }
}

/* Starts (or restarts) a seat: ABOUT on a new process, then START and the INFO lines.
 * Returns 0, or -1 with the reason in `why`. */
static int handshake(const GameSettings *gs, Seat *s, char *why, size_t cap)
{
    char line[LINE_CAP];
    if (brainproc_running(&s->proc) && s->proc.eof) seat_stop(s); /* died after its last game */
    if (!brainproc_running(&s->proc)) {
        if (start_process(gs, s)) { snprintf(why, cap, "could not be started"); return -1; }
        brainproc_send(&s->proc, "ABOUT");
        int r = read_answer(s, line, sizeof line, gs->start_ms);
        if (r != 1) {
            snprintf(why, cap, r < 0 ? "exited before answering ABOUT" : "did not answer ABOUT");
            return -1;
        }
        snprintf(s->about, sizeof s->about, "%.255s", line);
    }
    brainproc_pause(&s->proc, false); /* a reused brain may be suspended since its last game */
    sendf(s, "START %lld", gs->size);
    int r = read_answer(s, line, sizeof line, gs->start_ms);
    if (r != 1) {
        snprintf(why, cap, r < 0 ? "exited before answering START" : "did not answer START");
        return -1;
    }
    if (strcmp(line, "OK")) {
        snprintf(why, cap, "answered START with \"%.60s\"", line);
        return -1;
    }
    /* timeout_turn 0 means "move at once" to a brain: with no turn limit, the match time is it */
    sendf(s, "INFO timeout_turn %lld", gs->turn_ms ? gs->turn_ms : gs->match_ms);
    sendf(s, "INFO timeout_match %lld", gs->match_ms);
    sendf(s, "INFO max_memory %lld", gs->max_memory);
    sendf(s, "INFO rule %lld", gs->rule);
    sendf(s, "INFO game_type %lld", 1);
    for (int i = 0; i < gs->ninfo; i++) {
        snprintf(line, sizeof line, "INFO %s", gs->info[i]);
        brainproc_send(&s->proc, line);
    }
    return 0;
}

/* The whole position, for a brain's first move after an opening (as managers do). */
static void send_board(Seat *s, const Board *b)
{
    char line[64];
    brainproc_send(&s->proc, "BOARD");
    for (int i = 0; i < b->nstones; i++) {
        int c = b->history[i];
        snprintf(line, sizeof line, "%d,%d,%d", cell_x(c), cell_y(c), b->cell[c] == b->to_move ? 1 : 2);
        brainproc_send(&s->proc, line);
    }
    brainproc_send(&s->proc, "DONE");
}

typedef enum { MOVE_OK, MOVE_TIMEOUT, MOVE_EOF, MOVE_BAD } MoveRead;

/* Reads lines until a move, the deadline, EOF or (strict mode) a line that is not a move. */
static MoveRead read_move(const GameSettings *gs, Seat *s, int64_t deadline, int *x, int *y,
                          char *why, size_t cap)
{
    char line[LINE_CAP];
    for (;;) {
        int left = (int)(deadline - clock_ms());
        int r = brainproc_read_line(&s->proc, line, sizeof line, left > 0 ? left : 0);
        if (r == 0) return MOVE_TIMEOUT;
        if (r < 0) return MOVE_EOF;
        ReplyKind kind = game_reply_kind(line, x, y);
        if (kind == REPLY_MOVE) return MOVE_OK;
        if (kind == REPLY_CHATTER || gs->lenient) continue;
        snprintf(why, cap, "answered \"%.60s\" instead of a move", line);
        return MOVE_BAD;
    }
}

typedef struct Clock {
    long long time_left; /* match clock, ms; meaningful when match_ms > 0 */
    bool moved;          /* has had a turn this game: later turns come as TURN */
} Clock;

/* This turn's limit: the turn time, capped by the match clock. */
static long long turn_limit(const GameSettings *gs, const Clock *c)
{
    long long limit = gs->turn_ms > 0 ? gs->turn_ms : c->time_left;
    if (gs->match_ms > 0 && c->time_left < limit) limit = c->time_left;
    return limit > 0 ? limit : 0;
}

static void ask_move(const GameSettings *gs, Seat *s, Clock *c, const Board *b)
{
    int last = board_last_move(b);
    if (gs->suspend) brainproc_pause(&s->proc, false);
    if (gs->match_ms > 0) sendf(s, "INFO time_left %lld", c->time_left);
    if (last == CELL_NONE) brainproc_send(&s->proc, "BEGIN");
    else if (!c->moved) send_board(s, b);
    else {
        char line[64];
        snprintf(line, sizeof line, "TURN %d,%d", cell_x(last), cell_y(last));
        brainproc_send(&s->proc, line);
    }
    c->moved = true;
}

static void end_game(GameRecord *rec, int winner, EndReason end, const char *fmt, ...)
{
    va_list ap;
    rec->winner = winner;
    rec->end = end;
    va_start(ap, fmt);
    vsnprintf(rec->detail, sizeof rec->detail, fmt, ap);
    va_end(ap);
}

/* One turn of `side`. Returns true when the game goes on. */
static bool play_turn(const GameSettings *gs, Seat *s, Clock *c, Board *b, GameRecord *rec)
{
    int side = b->to_move, x = -1, y = -1, loser_wins = opponent_of(side);
    const char *who = STONE_NAME[side];
    char why[128] = "";
    int64_t t0 = clock_ms();
    long long limit = turn_limit(gs, c);
    ask_move(gs, s, c, b);
    MoveRead r = read_move(gs, s, t0 + limit, &x, &y, why, sizeof why);
    if (r == MOVE_TIMEOUT) { /* ask for the best move so far, then allow the tolerance */
        brainproc_send(&s->proc, "YXSTOP");
        r = read_move(gs, s, t0 + limit + gs->tolerance_ms, &x, &y, why, sizeof why);
    }
    long long used = clock_ms() - t0;
    if (gs->match_ms > 0) c->time_left += gs->increment_ms - used;
    if (r == MOVE_OK && (used > limit + gs->tolerance_ms ||
                         (gs->match_ms > 0 && c->time_left < -(long long)gs->tolerance_ms)))
        r = MOVE_TIMEOUT;
    if (r != MOVE_OK) {
        if (r == MOVE_TIMEOUT) end_game(rec, loser_wins, END_TIME, "%s ran out of time", who);
        if (r == MOVE_EOF) end_game(rec, loser_wins, END_CRASH, "%s crashed or exited", who);
        if (r == MOVE_BAD) end_game(rec, loser_wins, END_BAD_REPLY, "%s %s", who, why);
        seat_stop(s); /* it may still be thinking, or be broken: a new process next game */
        return false;
    }
    if (gs->suspend) brainproc_pause(&s->proc, true);
    RefVerdict v = referee_move(b, x, y);
    switch (v) {
    case REF_OFF_BOARD:
        end_game(rec, loser_wins, END_OFF_BOARD, "%s played %d,%d off the board", who, x, y);
        return false;
    case REF_OCCUPIED:
        end_game(rec, loser_wins, END_OCCUPIED, "%s played %d,%d on a stone", who, x, y);
        return false;
    case REF_FOUL:
        end_game(rec, loser_wins, END_FOUL, "%s played the forbidden point %d,%d", who, x, y);
        return false;
    default:
        break;
    }
    rec->moves[rec->nmoves] = (uint16_t)cell_index(x, y);
    rec->ms[rec->nmoves++] = (int32_t)used;
    if (v == REF_WIN) end_game(rec, side, END_FIVE, "%s made five", who);
    else if (v == REF_FULL_BOARD) end_game(rec, 0, END_FULL, "the board is full");
    else if (gs->drawafter > 0 && b->nstones >= gs->drawafter)
        end_game(rec, 0, END_MOVE_LIMIT, "draw after %d stones", b->nstones);
    else
        return true;
    return false;
}

static void place_opening(const GameSettings *gs, const Opening *op, int sym, Board *b,
                          GameRecord *rec)
{
    char err[128];
    board_init(b, gs->size, rule_from_gomocup(gs->rule));
    if (op && opening_apply(op, sym, b, err, sizeof err)) /* checked before: cannot happen */
        board_init(b, gs->size, rule_from_gomocup(gs->rule));
    for (int i = 0; i < b->nstones; i++) {
        rec->moves[i] = b->history[i];
        rec->ms[i] = 0;
    }
    rec->nopening = rec->nmoves = b->nstones;
}

void game_play(const GameSettings *gs, Seat seats[2], const Opening *op, int sym, bool keep,
               GameRecord *rec)
{
    Board b;
    Clock clocks[2] = {{gs->match_ms, false}, {gs->match_ms, false}};
    rec->size = gs->size;
    rec->rule = gs->rule;
    rec->symmetry = sym;
    place_opening(gs, op, sym, &b, rec);
    for (int i = 0; i < 2; i++) brainproc_reset_peak(&seats[i].proc);
    bool on = true;
    for (int i = 0; i < 2 && on; i++) {
        char why[128];
        if (handshake(gs, &seats[i], why, sizeof why)) {
            end_game(rec, i == 0 ? WHITE : BLACK, END_NO_START, "%s %s", STONE_NAME[i + 1], why);
            seat_stop(&seats[i]);
            on = false;
        }
    }
    while (on) {
        int me = b.to_move == BLACK ? 0 : 1;
        on = play_turn(gs, &seats[me], &clocks[me], &b, rec);
    }
    for (int i = 0; i < 2; i++) {
        if (!keep) seat_stop(&seats[i]); /* then the peak comes from the exit's rusage */
        rec->peak_rss_kb[i] = (int)brainproc_peak_rss(&seats[i].proc);
    }
}
