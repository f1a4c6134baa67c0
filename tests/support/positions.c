#include "tests/support/positions.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/engine.h"
#include "brain/rules.h"

static int parse_cells(const char *s, int *cells, int max)
{
    int n = 0, x, y, used;
    while (n < max && sscanf(s, " %d,%d%n", &x, &y, &used) == 2) {
        cells[n++] = cell_index(x, y);
        s += used;
    }
    return n;
}

static void chomp(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
        s[--n] = 0;
}

/* Reads board rows from f until a blank line, "---" or EOF. Returns 0 on success. */
static int read_board(FILE *f, TestPosition *tp, char *line, size_t cap, int *more)
{
    char rows[BOARD_MAX][BOARD_MAX + 2];
    int size = 0;
    *more = 0;
    while (fgets(line, (int)cap, f)) {
        chomp(line);
        if (!strcmp(line, "---")) { *more = 1; break; }
        if (!line[0]) break;
        if (size >= BOARD_MAX || strlen(line) > BOARD_MAX) return -1;
        strcpy(rows[size++], line);
    }
    if (size < BOARD_MIN) return -1;
    board_init(&tp->board, size, rule_from_gomocup(tp->rule));
    for (int y = 0; y < size; y++) {
        if ((int)strlen(rows[y]) != size) return -1;
        for (int x = 0; x < size; x++) {
            const char *p = strchr(".XO#", rows[y][x]);
            if (!p) return -1;
            if (*p != '.')
                board_put(&tp->board, cell_index(x, y), (int)(p - ".XO#"));
        }
    }
    return 0;
}

static int finish(TestPosition *tp, int to_move)
{
    int black = board_count(&tp->board, BLACK), white = board_count(&tp->board, WHITE);
    if (!to_move) to_move = black == white ? BLACK : WHITE;
    board_set_to_move(&tp->board, to_move);
    return 0;
}

int tp_load(const char *path, TestPosition **out)
{
    FILE *f = fopen(path, "r");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); return -1; }
    TestPosition *list = NULL;
    int n = 0, cap = 0, more = 1, to_move = 0;
    char line[256];
    TestPosition cur;
    memset(&cur, 0, sizeof cur);
    while (fgets(line, sizeof line, f)) {
        chomp(line);
        if (!line[0] || line[0] == '#' || !strcmp(line, "---")) continue;
        char *colon = strchr(line, ':');
        if (!colon) goto bad;
        *colon = 0;
        const char *val = colon + 1 + strspn(colon + 1, " ");
        if (!strcmp(line, "name")) snprintf(cur.name, sizeof cur.name, "%s", val);
        else if (!strcmp(line, "rule")) cur.rule = atoi(val);
        else if (!strcmp(line, "depth")) cur.depth = atoi(val);
        else if (!strcmp(line, "category")) snprintf(cur.category, sizeof cur.category, "%s", val);
        else if (!strcmp(line, "to_move")) to_move = val[0] == 'O' ? WHITE : BLACK;
        else if (!strcmp(line, "expect")) cur.nexpect = parse_cells(val, cur.expect, TP_MAX_CELLS);
        else if (!strcmp(line, "avoid")) cur.navoid = parse_cells(val, cur.avoid, TP_MAX_CELLS);
        else if (!strcmp(line, "board")) {
            if (read_board(f, &cur, line, sizeof line, &more) || finish(&cur, to_move)) goto bad;
            if (n == cap) {
                cap = cap ? cap * 2 : 16;
                TestPosition *grown = realloc(list, (size_t)cap * sizeof *list);
                if (!grown) goto bad;
                list = grown;
            }
            list[n++] = cur;
            memset(&cur, 0, sizeof cur);
            to_move = 0;
        } else goto bad;
    }
    fclose(f);
    *out = list;
    return n;
bad:
    fprintf(stderr, "%s: bad position block near \"%s\" (position %d)\n", path, line, n + 1);
    free(list);
    fclose(f);
    return -1;
}

int tp_in(const int *list, int n, int cell)
{
    for (int i = 0; i < n; i++)
        if (list[i] == cell) return 1;
    return 0;
}

TestPosition *tp_load_or_fail(const char *path, int *n)
{
    TestPosition *list = NULL;
    *n = tp_load(path, &list);
    if (*n <= 0)
        fail_msg("cannot load %s", path);
    return list;
}

int tp_set_engine(Engine *e, const TestPosition *tp)
{
    const Board *b = &tp->board;
    PositionStone stones[BOARD_CELLS];
    for (int i = 0; i < b->nstones; i++) {
        int c = b->history[i], color = b->cell[c];
        stones[i] = (PositionStone){cell_x(c), cell_y(c),
                                    color == BLOCKER ? 3 : color == b->to_move ? 1 : 2};
    }
    EngineError err = engine_set_rule(e, tp->rule);
    if (err == ENGINE_OK)
        err = engine_start(e, b->size);
    if (err == ENGINE_OK)
        err = engine_set_position(e, stones, b->nstones);
    return err;
}

int tp_board_order(const Board *b, uint16_t *out)
{
    uint16_t own[BOARD_CELLS], opp[BOARD_CELLS];
    int nown = 0, nopp = 0, n = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int cell = cell_index(x, y), c = b->cell[cell];
            if (c == BLOCKER)
                out[n++] = (uint16_t)cell;
            else if (c == b->to_move)
                own[nown++] = (uint16_t)cell;
            else if (c != EMPTY)
                opp[nopp++] = (uint16_t)cell;
        }
    int io = 0, ip = 0;
    while (nopp - ip > nown - io + 1) /* the opponent's surplus but one */
        out[n++] = opp[ip++];
    while (nown - io > nopp - ip) /* ours */
        out[n++] = own[io++];
    if (nopp - ip > nown - io) /* his last one of surplus opens the pairs */
        out[n++] = opp[ip++];
    while (io < nown) {
        out[n++] = own[io++];
        out[n++] = opp[ip++];
    }
    return n;
}
