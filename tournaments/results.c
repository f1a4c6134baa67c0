#define _POSIX_C_SOURCE 200809L
#include "tournaments/results.h"

#include <stdlib.h>
#include <string.h>

#include "tournaments/config.h"
#include "tournaments/record.h"

#define JSON_LINE_MAX (BOARD_CELLS * 20 + 4096)

int record_list_push(RecordList *l, const GameRecord *r)
{
    if (l->count == l->room) {
        int room = l->room ? 2 * l->room : 64;
        GameRecord *g = realloc(l->items, (size_t)room * sizeof *g);
        if (!g) return -1;
        l->items = g;
        l->room = room;
    }
    l->items[l->count++] = *r;
    return 0;
}

void record_list_free(RecordList *l)
{
    free(l->items);
    *l = (RecordList){NULL, 0, 0};
}

static int by_id(const void *a, const void *b)
{
    int x = ((const GameRecord *)a)->id, y = ((const GameRecord *)b)->id;
    return (x > y) - (x < y);
}

/* The same game: the same players, opening, moves and result (times may differ). */
static bool same_game(const GameRecord *a, const GameRecord *b)
{
    return a->engine[0] == b->engine[0] && a->engine[1] == b->engine[1]
        && a->opening_index == b->opening_index && a->symmetry == b->symmetry
        && a->winner == b->winner && a->nmoves == b->nmoves
        && !memcmp(a->moves, b->moves, (size_t)a->nmoves * sizeof *a->moves);
}

int record_list_sort_unique(RecordList *l)
{
    int n = 0, conflicts = 0;
    if (l->count < 2) return 0; /* nothing to order (and qsort may not take a NULL array) */
    qsort(l->items, (size_t)l->count, sizeof *l->items, by_id);
    for (int i = 0; i < l->count; i++) {
        if (n == 0 || l->items[n - 1].id != l->items[i].id) l->items[n++] = l->items[i];
        else conflicts += !same_game(&l->items[n - 1], &l->items[i]);
    }
    l->count = n;
    return conflicts;
}

int record_list_names(const RecordList *l, char names[][ARENA_NAME_MAX])
{
    int n = 0;
    for (int i = 0; i < l->count; i++)
        for (int s = 0; s < 2; s++) {
            int e = l->items[i].engine[s];
            if (e < 0 || e >= ARENA_MAX_ENGINES) continue;
            snprintf(names[e], ARENA_NAME_MAX, "%s", l->items[i].name[s]);
            if (e + 1 > n) n = e + 1;
        }
    return n;
}

int results_load(const char *path, RecordList *l, int *skipped)
{
    FILE *f = fopen(path, "r");
    *skipped = 0;
    if (!f) return 0;
    char *line = malloc(JSON_LINE_MAX);
    GameRecord *r = malloc(sizeof *r);
    int status = line && r ? 0 : -1;
    while (!status && fgets(line, JSON_LINE_MAX, f)) {
        if (!strchr(line, '\n') && !feof(f)) { /* longer than any record: not ours */
            int c;
            while ((c = fgetc(f)) != EOF && c != '\n') {}
            ++*skipped;
            continue;
        }
        if (record_from_json(line, r)) ++*skipped;
        else status = record_list_push(l, r);
    }
    free(line);
    free(r);
    fclose(f);
    return status;
}

int results_append(FILE *f, const GameRecord *r)
{
    char *line = malloc(JSON_LINE_MAX);
    int status = !line || record_to_json(r, line, JSON_LINE_MAX) ? -1 : 0;
    if (!status && (fprintf(f, "%s\n", line) < 0 || fflush(f))) status = -1;
    free(line);
    return status;
}

FILE *results_open_append(const char *path)
{
    FILE *f = fopen(path, "a+");
    if (!f) return NULL;
    if (fseek(f, -1, SEEK_END) == 0 && fgetc(f) != '\n') {
        fseek(f, 0, SEEK_END);
        fputc('\n', f);
    }
    fseek(f, 0, SEEK_END);
    return f;
}
