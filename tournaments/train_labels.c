#include "tournaments/train_labels.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tournaments/corpus.h"

/* Reads the " | PLY:P[:MOVE] ..." part into g (p and move nplies long). -1 when malformed. */
static int parse_labels(const char *s, TrainLabelGame *g, int size)
{
    bool moves = false;
    for (int i = 0; i < g->nplies; i++) g->p[i] = g->move[i] = -1;
    if (!(s = strchr(s, '|'))) return -1;
    s++;
    for (;;) {
        int ply, used = 0;
        float prob;
        int n = sscanf(s, " %d:%f%n", &ply, &prob, &used);
        if (n == EOF || (n <= 0 && strspn(s, " \t\r\n") == strlen(s))) break;
        if (n != 2 || ply < 0 || ply >= g->nplies || !(prob >= 0 && prob <= 1)) return -1;
        g->p[ply] = prob;
        s += used;
        if (*s != ':') continue;
        s++;
        if ((g->move[ply] = (int16_t)corpus_parse_cell(&s, size)) < 0) return -1;
        moves = true;
    }
    if (!moves) { /* the policy learns from the winner's moves */
        free(g->move);
        g->move = NULL;
    }
    return 0;
}

static void game_free(TrainLabelGame *g)
{
    free(g->p);
    free(g->move);
}

static int push(TrainLabels *l, TrainLabelGame g)
{
    if (l->count == l->room) {
        int room = l->room ? 2 * l->room : 64;
        TrainLabelGame *games = realloc(l->games, (size_t)room * sizeof *games);
        if (!games) return -1;
        l->games = games;
        l->room = room;
    }
    l->games[l->count++] = g;
    return 0;
}

int train_labels_parse(TrainLabels *l, const char *line)
{
    GameRecord *g = malloc(sizeof *g);
    if (!g) return -2;
    int r = corpus_parse(line, g, NULL);
    if (r != 0) { /* g is not read: a comment line leaves it as it was */
        free(g);
        return r;
    }
    TrainLabelGame game = {corpus_game_key(g), g->nmoves + 1, NULL, NULL};
    int size = g->size;
    free(g);
    game.p = malloc((size_t)game.nplies * sizeof *game.p);
    game.move = malloc((size_t)game.nplies * sizeof *game.move);
    r = !game.p || !game.move ? -2 : parse_labels(line, &game, size) ? -1 : 0;
    if (!r && push(l, game)) r = -2;
    if (r) game_free(&game);
    return r;
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = ((const TrainLabelGame *)a)->key, y = ((const TrainLabelGame *)b)->key;
    return (x > y) - (x < y);
}

void train_labels_sort(TrainLabels *l)
{
    if (l->count) qsort(l->games, (size_t)l->count, sizeof *l->games, by_key);
}

int train_labels_load(TrainLabels *l, const char *path, int *skipped)
{
    *skipped = 0;
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    /* a corpus line, then at most one "PLY:P:MOVE " label a cell */
    const int room = CORPUS_LINE_MAX + 16 * BOARD_CELLS;
    char *line = malloc(room);
    int status = line ? 0 : -1;
    while (!status && fgets(line, room, f)) {
        int r = train_labels_parse(l, line);
        *skipped += r == -1;
        status = r == -2 ? -1 : 0;
    }
    free(line);
    fclose(f);
    train_labels_sort(l);
    return status;
}

const TrainLabelGame *train_labels_of(const TrainLabels *l, const GameRecord *g)
{
    if (!l || !l->count) return NULL;
    TrainLabelGame want = {corpus_game_key(g), 0, NULL, NULL};
    const TrainLabelGame *hit = bsearch(&want, l->games, (size_t)l->count, sizeof want, by_key);
    return hit && hit->nplies == g->nmoves + 1 ? hit : NULL;
}

void train_labels_free(TrainLabels *l)
{
    for (int i = 0; i < l->count; i++) game_free(&l->games[i]);
    free(l->games);
    *l = (TrainLabels){0};
}
