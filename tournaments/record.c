#define _POSIX_C_SOURCE 200809L
#include "tournaments/record.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "brain/rules.h"
#include "tournaments/config.h"

const char *record_result(const GameRecord *r)
{
    return r->winner == BLACK ? "1-0" : r->winner == WHITE ? "0-1" : "1/2-1/2";
}

/* ---- JSON lines ---------------------------------------------------------------------- */

typedef struct Out { char *p; size_t cap, len; bool overflow; } Out;

static void put(Out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = o->len < o->cap ? vsnprintf(o->p + o->len, o->cap - o->len, fmt, ap) : -1;
    va_end(ap);
    if (n < 0 || o->len + (size_t)n >= o->cap) o->overflow = true;
    else o->len += (size_t)n;
}

/* A JSON string: quotes, backslashes and control characters escaped. */
static void put_string(Out *o, const char *s)
{
    put(o, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') put(o, "\\%c", c);
        else if (c < 0x20) put(o, "\\u%04x", c);
        else put(o, "%c", c);
    }
    put(o, "\"");
}

int record_to_json(const GameRecord *r, char *out, size_t cap)
{
    static const char *const WINNER[3] = {"none", "black", "white"};
    Out o = {out, cap, 0, false};
    put(&o, "{\"id\":%d,\"black\":", r->id);
    put_string(&o, r->name[0]);
    put(&o, ",\"white\":");
    put_string(&o, r->name[1]);
    put(&o, ",\"black_engine\":%d,\"white_engine\":%d,\"opening\":%d,\"symmetry\":%d,"
            "\"size\":%d,\"rule\":%d,\"result\":\"%s\",\"winner\":\"%s\",\"end\":\"%s\",\"detail\":",
        r->engine[0], r->engine[1], r->opening_index, r->symmetry, r->size, r->rule,
        record_result(r), WINNER[r->winner], end_reason_name(r->end));
    put_string(&o, r->detail);
    put(&o, ",\"opening_stones\":%d,\"moves\":\"", r->nopening);
    for (int i = 0; i < r->nmoves; i++)
        put(&o, "%s%d,%d", i ? " " : "", cell_x(r->moves[i]), cell_y(r->moves[i]));
    put(&o, "\",\"ms\":\"");
    for (int i = 0; i < r->nmoves; i++) put(&o, "%s%d", i ? " " : "", (int)r->ms[i]);
    put(&o, "\",\"black_rss_kb\":%d,\"white_rss_kb\":%d}", r->peak_rss_kb[0], r->peak_rss_kb[1]);
    return o.overflow ? -1 : 0;
}

/* Finds `"key":` in a flat object; returns the text after the colon or NULL. */
static const char *field(const char *line, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(line, pat);
    return p ? p + strlen(pat) : NULL;
}

static int int_field(const char *line, const char *key, int *v)
{
    const char *p = field(line, key);
    char *end;
    if (!p) return -1;
    errno = 0;
    long n = strtol(p, &end, 10);
    if (end == p || errno || n < INT_MIN || n > INT_MAX) return -1;
    *v = (int)n;
    return 0;
}

/* Copies a JSON string value, undoing put_string's escapes. */
static int string_field(const char *line, const char *key, char *out, size_t cap)
{
    const char *p = field(line, key);
    size_t n = 0;
    if (!p || *p++ != '"') return -1;
    for (; *p && *p != '"'; p++) {
        char c = *p;
        if (c == '\\') {
            p++;
            if (*p == 'u') { /* four hex digits; the line may end before them */
                if (!p[1] || !p[2] || !p[3] || !p[4]) return -1;
                c = (char)strtol((char[5]){p[1], p[2], p[3], p[4], 0}, NULL, 16);
                p += 4;
            } else if (*p) c = *p;
            else return -1;
        }
        if (n + 1 < cap) out[n++] = c;
    }
    out[n] = 0;
    return *p == '"' ? 0 : -1;
}

static int parse_moves(const char *moves, const char *ms, GameRecord *r)
{
    int x, y, used;
    r->nmoves = 0;
    while (sscanf(moves, " %d,%d%n", &x, &y, &used) == 2) {
        if (r->nmoves == BOARD_CELLS || x < 0 || y < 0 || x >= BOARD_MAX || y >= BOARD_MAX) return -1;
        r->moves[r->nmoves++] = (uint16_t)cell_index(x, y);
        moves += used;
    }
    for (int i = 0; i < r->nmoves; i++) {
        char *end;
        r->ms[i] = (int32_t)strtol(ms, &end, 10);
        if (end == ms) return -1;
        ms = end;
    }
    return 0;
}

/* What the readers of a record index and draw with (the report's boards, names by engine, 1-based
 * numbers): a line that breaks any of it was not written by record_to_json. */
static bool plausible(const GameRecord *r)
{
    if (r->id < 0 || r->id == INT_MAX || r->opening_index < 0 || r->opening_index == INT_MAX ||
        r->symmetry < 0 || r->symmetry > 7 || r->size < BOARD_MIN || r->size > BOARD_MAX ||
        !rule_supported(r->rule) || r->nopening < 0 || r->nopening > r->nmoves)
        return false;
    for (int s = 0; s < 2; s++)
        if (r->engine[s] < 0 || r->engine[s] >= ARENA_MAX_ENGINES || r->peak_rss_kb[s] < 0)
            return false;
    for (int i = 0; i < r->nmoves; i++)
        if (cell_x(r->moves[i]) >= r->size || cell_y(r->moves[i]) >= r->size) return false;
    return true;
}

int record_from_json(const char *line, GameRecord *r)
{
    char winner[8], end[24];
    char *mv = malloc(BOARD_CELLS * 8), *tm = malloc(BOARD_CELLS * 12);
    memset(r, 0, sizeof *r);
    int bad = !mv || !tm || int_field(line, "id", &r->id) ||
              string_field(line, "black", r->name[0], ARENA_NAME_MAX) ||
              string_field(line, "white", r->name[1], ARENA_NAME_MAX) ||
              int_field(line, "black_engine", &r->engine[0]) ||
              int_field(line, "white_engine", &r->engine[1]) ||
              int_field(line, "opening", &r->opening_index) ||
              int_field(line, "symmetry", &r->symmetry) || int_field(line, "size", &r->size) ||
              int_field(line, "rule", &r->rule) || string_field(line, "winner", winner, sizeof winner) ||
              string_field(line, "end", end, sizeof end) ||
              string_field(line, "detail", r->detail, sizeof r->detail) ||
              int_field(line, "opening_stones", &r->nopening) ||
              string_field(line, "moves", mv, BOARD_CELLS * 8) ||
              string_field(line, "ms", tm, BOARD_CELLS * 12) || parse_moves(mv, tm, r);
    free(mv);
    free(tm);
    /* The peak memory fields came later: a line without them reads as "not known". */
    if (int_field(line, "black_rss_kb", &r->peak_rss_kb[0])) r->peak_rss_kb[0] = 0;
    if (int_field(line, "white_rss_kb", &r->peak_rss_kb[1])) r->peak_rss_kb[1] = 0;
    if (bad || end_reason_parse(end) < 0 || !plausible(r)) return -1;
    r->end = (EndReason)end_reason_parse(end);
    r->winner = !strcmp(winner, "black") ? BLACK : !strcmp(winner, "white") ? WHITE : 0;
    return 0;
}

/* ---- SGF ------------------------------------------------------------------------------- */

static char sgf_coord(int v) { return (char)('a' + v); }

void record_write_sgf(const GameRecord *r, FILE *f)
{
    const char *re = r->winner == 0 ? "0" : r->winner == BLACK ? "B+" : "W+";
    const char *how = r->end == END_TIME ? "T" : r->end == END_FIVE ? "" : "F";
    fprintf(f, "(;GM[4]FF[4]CA[UTF-8]AP[gamok-arena]SZ[%d]RU[%d]PB[%s]PW[%s]RE[%s%s]GN[game %d]",
            r->size, r->rule, r->name[0], r->name[1], re, r->winner ? how : "", r->id + 1);
    fprintf(f, "GC[end=%s; opening=%d; symmetry=%d]C[", end_reason_name(r->end),
            r->opening_index, r->symmetry);
    for (const char *p = r->detail; *p; p++) { /* SGF text: escape ] and \ */
        if (*p == ']' || *p == '\\') fputc('\\', f);
        fputc(*p, f);
    }
    fputs("]\n", f);
    for (int i = 0; i < r->nmoves; i++) {
        int c = r->moves[i];
        fprintf(f, ";%c[%c%c]", i % 2 ? 'W' : 'B', sgf_coord(cell_x(c)), sgf_coord(cell_y(c)));
        if (i < r->nopening) fputs("C[opening]", f);
        else fprintf(f, "C[%d ms]", (int)r->ms[i]);
        if (i % 8 == 7) fputc('\n', f);
    }
    fputs(")\n", f);
}

/* Reads the whole stream into a string (records are small). */
static char *slurp(FILE *f)
{
    size_t cap = 4096, n = 0;
    char *s = malloc(cap);
    for (int c; s && (c = fgetc(f)) != EOF;) {
        if (n + 1 == cap) {
            char *g = realloc(s, cap *= 2);
            if (!g) { free(s); return NULL; }
            s = g;
        }
        s[n++] = (char)c;
    }
    if (s) s[n] = 0;
    return s;
}

/* The value of the first property `id` at or after `from` (no escapes inside). */
static int sgf_prop(const char *from, const char *id, char *out, size_t cap)
{
    char pat[8];
    snprintf(pat, sizeof pat, "%s[", id);
    for (const char *p = strstr(from, pat); p; p = strstr(p + 1, pat)) {
        if (p > from && p[-1] >= 'A' && p[-1] <= 'Z') continue; /* part of a longer id */
        p += strlen(pat);
        size_t n = 0;
        while (*p && *p != ']' && n + 1 < cap) out[n++] = *p++;
        out[n] = 0;
        return 0;
    }
    return -1;
}

/* The root's size, rule, players and winner. Returns 0 or -1. */
static int sgf_root(const char *s, GameRecord *r)
{
    char val[128];
    if (sgf_prop(s, "SZ", val, sizeof val)) return -1;
    r->size = atoi(val);
    if (r->size < BOARD_MIN || r->size > BOARD_MAX || sgf_prop(s, "RU", val, sizeof val)) return -1;
    r->rule = atoi(val);
    if (sgf_prop(s, "PB", r->name[0], ARENA_NAME_MAX) || sgf_prop(s, "PW", r->name[1], ARENA_NAME_MAX) ||
        sgf_prop(s, "RE", val, sizeof val))
        return -1;
    r->winner = val[0] == 'B' ? BLACK : val[0] == 'W' ? WHITE : 0;
    return 0;
}

/* The move nodes ";B[xy]C[...]" in order, with their think times. Returns 0 or -1. */
static int sgf_moves(const char *s, GameRecord *r)
{
    for (const char *p = strstr(s, ";B["); p; p = strchr(p + 1, ';')) {
        const char *q = p + 1;
        if ((*q != 'B' && *q != 'W') || q[1] != '[' || q[4] != ']' || r->nmoves == BOARD_CELLS) return -1;
        int x = q[2] - 'a', y = q[3] - 'a';
        if (x < 0 || y < 0 || x >= r->size || y >= r->size) return -1;
        bool opening = !strncmp(q + 5, "C[opening]", 10);
        r->nopening += opening;
        r->ms[r->nmoves] = opening || strncmp(q + 5, "C[", 2) ? 0 : atoi(q + 7);
        r->moves[r->nmoves++] = (uint16_t)cell_index(x, y);
    }
    return 0;
}

int record_read_sgf(FILE *f, GameRecord *r)
{
    char *s = slurp(f);
    memset(r, 0, sizeof *r);
    int bad = !s || sgf_root(s, r) || sgf_moves(s, r);
    free(s);
    return bad ? -1 : 0;
}

/* ---- Piskvork PSQ: "Piskvorky WxH, 11:11, 0", then "x,y,ms" 1-based, then the players ---- */

void record_write_psq(const GameRecord *r, FILE *f)
{
    fprintf(f, "Piskvorky %dx%d, 11:11, 0\n", r->size, r->size);
    for (int i = 0; i < r->nmoves; i++)
        fprintf(f, "%d,%d,%d\n", cell_x(r->moves[i]) + 1, cell_y(r->moves[i]) + 1, (int)r->ms[i]);
    fprintf(f, "%s\n%s\n-1\n", r->name[0], r->name[1]);
}

int record_read_psq(FILE *f, GameRecord *r)
{
    char line[256];
    int w, h, x, y, ms;
    memset(r, 0, sizeof *r);
    if (!fgets(line, sizeof line, f) || sscanf(line, "Piskvorky %dx%d", &w, &h) != 2 || w != h ||
        w < BOARD_MIN || w > BOARD_MAX)
        return -1;
    r->size = w;
    while (fgets(line, sizeof line, f) && sscanf(line, "%d,%d,%d", &x, &y, &ms) == 3) {
        if (x < 1 || y < 1 || x > w || y > w || r->nmoves == BOARD_CELLS) return -1;
        r->ms[r->nmoves] = ms;
        r->moves[r->nmoves++] = (uint16_t)cell_index(x - 1, y - 1);
    }
    return 0;
}

/* ---- PGN ------------------------------------------------------------------------------- */

void record_write_pgn(const GameRecord *r, FILE *f)
{
    fprintf(f, "[Event \"gamok-arena\"]\n[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n"
               "[Result \"%s\"]\n[Termination \"%s\"]\n\n%s\n\n",
            r->id + 1, r->name[0], r->name[1], record_result(r), end_reason_name(r->end),
            record_result(r));
}
