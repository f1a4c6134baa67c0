#define _POSIX_C_SOURCE 200809L
#include "tournaments/opening.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/rules.h"

static int add_stone(Opening *o, int x, int y, char *err, size_t cap)
{
    if (o->n == OPENING_MAX_STONES) {
        snprintf(err, cap, "more than %d stones", OPENING_MAX_STONES);
        return -1;
    }
    o->x[o->n] = x;
    o->y[o->n] = y;
    o->n++;
    return 0;
}

/* "dx,dy, dx,dy": integers separated by commas and blanks, an even number of them. */
static int parse_offset(const char *s, Opening *o, char *err, size_t cap)
{
    int v[2 * OPENING_MAX_STONES + 1], n = 0;
    while (*s) {
        if (isspace((unsigned char)*s) || *s == ',') { s++; continue; }
        char *end;
        errno = 0;
        long val = strtol(s, &end, 10);
        if (end == s || errno || val < -BOARD_MAX || val > BOARD_MAX) {
            snprintf(err, cap, "not an offset near \"%.12s\"", s);
            return -1;
        }
        if (n == 2 * OPENING_MAX_STONES) {
            snprintf(err, cap, "more than %d stones", OPENING_MAX_STONES);
            return -1;
        }
        v[n++] = (int)val;
        s = end;
    }
    if (n % 2) {
        snprintf(err, cap, "an odd number of coordinates");
        return -1;
    }
    for (int i = 0; i < n; i += 2)
        if (add_stone(o, v[i], v[i + 1], err, cap)) return -1;
    return 0;
}

/* "h8i9": a column letter and a 1-based row number per stone. */
static int parse_pos(const char *s, Opening *o, char *err, size_t cap)
{
    while (*s) {
        if (isspace((unsigned char)*s)) { s++; continue; }
        int letter = tolower((unsigned char)*s);
        if (letter < 'a' || letter >= 'a' + BOARD_MAX || !isdigit((unsigned char)s[1])) {
            snprintf(err, cap, "not a point near \"%.12s\"", s);
            return -1;
        }
        char *end;
        long row = strtol(s + 1, &end, 10);
        if (row < 1 || row > BOARD_MAX) {
            snprintf(err, cap, "row %ld out of 1..%d", row, BOARD_MAX);
            return -1;
        }
        if (add_stone(o, letter - 'a', (int)row - 1, err, cap)) return -1;
        s = end;
    }
    return 0;
}

int opening_parse(const char *line, OpeningFormat fmt, Opening *o, char *err, size_t cap)
{
    memset(o, 0, sizeof *o);
    o->centred = fmt == OPEN_OFFSET;
    int r = fmt == OPEN_OFFSET ? parse_offset(line, o, err, cap) : parse_pos(line, o, err, cap);
    if (!r && o->n == 0) {
        snprintf(err, cap, "no stones");
        return -1;
    }
    return r;
}

static bool skippable(const char *line)
{
    while (isspace((unsigned char)*line)) line++;
    return !*line || *line == '#';
}

int opening_load(const char *path, OpeningFormat fmt, OpeningSet *set, char *err, size_t cap)
{
    FILE *f = fopen(path, "r");
    memset(set, 0, sizeof *set);
    if (!f) {
        snprintf(err, cap, "%s: cannot open", path);
        return -1;
    }
    char line[1024], why[128];
    int lineno = 0, room = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0; /* an error message quotes the line without its end */
        if (skippable(line)) continue;
        if (set->count == room) {
            room = room ? 2 * room : 64;
            Opening *grown = realloc(set->items, (size_t)room * sizeof *grown);
            if (!grown) { snprintf(err, cap, "%s: out of memory", path); goto fail; }
            set->items = grown;
        }
        if (opening_parse(line, fmt, &set->items[set->count], why, sizeof why)) {
            snprintf(err, cap, "%s:%d: %s", path, lineno, why);
            goto fail;
        }
        set->count++;
    }
    fclose(f);
    if (set->count) return 0;
    snprintf(err, cap, "%s: no openings", path);
    opening_set_free(set);
    return -1;
fail:
    fclose(f);
    opening_set_free(set);
    return -1;
}

void opening_set_free(OpeningSet *set)
{
    free(set->items);
    set->items = NULL;
    set->count = 0;
}

void opening_transform(int size, int sym, int *x, int *y)
{
    int a = *x, b = *y, m = size - 1;
    if (sym & 4) { int t = a; a = b; b = t; }  /* transpose */
    if (sym & 1) a = m - a;                     /* mirror left-right */
    if (sym & 2) b = m - b;                     /* mirror top-bottom */
    *x = a;
    *y = b;
}

int opening_apply(const Opening *o, int sym, Board *b, char *err, size_t cap)
{
    int centre = b->size / 2;
    for (int i = 0; i < o->n; i++) {
        int x = o->x[i] + (o->centred ? centre : 0), y = o->y[i] + (o->centred ? centre : 0);
        if (!board_on(b, x, y)) {
            snprintf(err, cap, "stone %d is off the %dx%d board", i + 1, b->size, b->size);
            return -1;
        }
        opening_transform(b->size, sym, &x, &y);
        int cell = cell_index(x, y);
        if (!rule_is_legal(b, cell)) {
            snprintf(err, cap, "stone %d (%d,%d) is %s", i + 1, x, y,
                     b->cell[cell] != EMPTY ? "on another stone" : "a forbidden move");
            return -1;
        }
        board_play(b, cell);
        if (rule_is_win_at(b, cell) || board_full(b)) {
            snprintf(err, cap, "the game is over after stone %d", i + 1);
            return -1;
        }
    }
    return 0;
}

void opening_format(const Opening *o, int size, char *out, size_t cap)
{
    size_t used = 0;
    int shift = o->centred ? 0 : size / 2;
    out[0] = 0;
    for (int i = 0; i < o->n && used < cap; i++) {
        int n = snprintf(out + used, cap - used, "%s%d,%d", i ? ", " : "", o->x[i] - shift,
                         o->y[i] - shift);
        if (n < 0) break;
        used += (size_t)n;
    }
}
