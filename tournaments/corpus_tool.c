/* gamok-corpus: keeps the game corpus (tournaments/corpus.h).
 *
 *   gamok-corpus add DIR --tc TC RESULTS.jsonl...   appends the finished games of gamok-arena
 *       results files that DIR does not hold yet, each to DIR/RULE-SIZE.txt
 *   gamok-corpus stats CORPUS.txt...                       games, positions, results, split
 *   gamok-corpus lengths CORPUS.txt...     the moves still played from each stage of the games
 *       (what brain/timeman.c plans a match clock by) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tournaments/corpus.h"

/* The keys of the games already held: an open-addressing set (0 marks a free slot). */
typedef struct KeySet {
    uint64_t *slot;
    size_t room, count;
} KeySet;

static int keyset_insert(KeySet *s, uint64_t key); /* 1 new, 0 held already, -1 no memory */

static int keyset_grow(KeySet *s)
{
    KeySet bigger = {calloc(s->room ? 2 * s->room : 1024, sizeof(uint64_t)),
                     s->room ? 2 * s->room : 1024, 0};
    if (!bigger.slot) return -1;
    for (size_t i = 0; i < s->room; i++)
        if (s->slot[i]) keyset_insert(&bigger, s->slot[i]);
    free(s->slot);
    *s = bigger;
    return 0;
}

static int keyset_insert(KeySet *s, uint64_t key)
{
    key |= 1; /* never 0 */
    if (2 * (s->count + 1) > s->room && keyset_grow(s)) return -1;
    size_t i = key % s->room;
    for (; s->slot[i]; i = (i + 1) % s->room)
        if (s->slot[i] == key) return 0;
    s->slot[i] = key;
    s->count++;
    return 1;
}

/* DIR/RULE-SIZE.txt */
static void corpus_path(char *out, size_t room, const char *dir, int rule, int size)
{
    snprintf(out, room, "%s/%d-%d.txt", dir, rule, size);
}

static const int RULES[] = {0, 1, 4, 8};

/* The keys of every game in DIR's files. */
static int load_keys(const char *dir, KeySet *keys, int *held)
{
    *held = 0;
    for (int r = 0; r < 4; r++)
        for (int size = 5; size <= BOARD_MAX; size++) {
            char path[ARENA_PATH_MAX];
            corpus_path(path, sizeof path, dir, RULES[r], size);
            RecordList l = {0};
            int skipped, status = corpus_load(path, &l, &skipped);
            for (int i = 0; i < l.count && !status; i++)
                status = keyset_insert(keys, corpus_game_key(&l.items[i])) < 0;
            *held += l.count;
            record_list_free(&l);
            if (status) return -1;
        }
    return 0;
}

static int append_game(const char *dir, const GameRecord *g, const char *tc)
{
    char path[ARENA_PATH_MAX];
    corpus_path(path, sizeof path, dir, g->rule, g->size);
    FILE *f = fopen(path, "a");
    if (!f) return -1;
    int status = corpus_write(f, g, tc);
    return fclose(f) || status ? -1 : 0;
}

static int add(int argc, char **argv)
{
    if (argc < 6 || strcmp(argv[3], "--tc")) return -1;
    const char *dir = argv[2], *tc = argv[4];
    KeySet keys = {0};
    int held, status = load_keys(dir, &keys, &held);
    int added = 0, copies = 0, dropped = 0;
    for (int f = 5; f < argc && !status; f++) {
        RecordList fresh = {0};
        int torn;
        status = results_load(argv[f], &fresh, &torn);
        for (int i = 0; i < fresh.count && !status; i++) {
            const GameRecord *g = &fresh.items[i];
            int fresh_key = corpus_keeps(g) ? keyset_insert(&keys, corpus_game_key(g)) : 2;
            dropped += fresh_key == 2;
            copies += fresh_key == 0;
            status = fresh_key < 0 || (fresh_key == 1 && append_game(dir, g, tc));
            added += fresh_key == 1;
        }
        record_list_free(&fresh);
    }
    const char *why = status ? " (stopped: out of memory or a write failed)" : "";
    printf("%s: %d games held, %d added, %d duplicates, %d not finished on the board%s\n", dir,
           held, added, copies, dropped, why);
    free(keys.slot);
    return status ? 1 : 0;
}

static int stats(int argc, char **argv)
{
    if (argc < 3) return -1;
    for (int f = 2; f < argc; f++) {
        RecordList l = {0};
        int skipped;
        if (corpus_load(argv[f], &l, &skipped)) return 1;
        long moves = 0;
        int held = 0, won[3] = {0};
        for (int i = 0; i < l.count; i++) {
            const GameRecord *g = &l.items[i];
            moves += g->nmoves - g->nopening;
            held += corpus_held_out(g);
            won[g->winner]++;
        }
        printf("%s: %d games (%d held out), %ld moves after the openings, black won %d, white "
               "won %d, drawn %d, %d malformed lines\n",
               argv[f], l.count, held, moves, won[BLACK], won[WHITE], won[0], skipped);
        record_list_free(&l);
    }
    return 0;
}

static int cmp_int(const void *a, const void *b)
{
    return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

/* For stones = 0, 10, 20...: of the games still going with that many stones on the board, how
 * many moves the side to move still made (median, three in four, nine in ten). */
static void print_lengths(const RecordList *l)
{
    int *left = malloc(sizeof(int) * (size_t)(l->count ? l->count : 1));
    if (!left) return;
    for (int stones = 0; stones <= 100; stones += 10) {
        int n = 0;
        for (int i = 0; i < l->count; i++)
            if (l->items[i].nmoves > stones)
                left[n++] = (l->items[i].nmoves - stones + 1) / 2;
        if (n < 20) break;
        qsort(left, (size_t)n, sizeof *left, cmp_int);
        printf("  %3d stones: %5d games going, moves still made by the side to move: median %d, "
               "75%% within %d, 90%% within %d\n",
               stones, n, left[n / 2], left[n * 3 / 4], left[n * 9 / 10]);
    }
    free(left);
}

static int lengths(int argc, char **argv)
{
    if (argc < 3) return -1;
    for (int f = 2; f < argc; f++) {
        RecordList l = {0};
        int skipped;
        if (corpus_load(argv[f], &l, &skipped)) return 1;
        printf("%s: %d games\n", argv[f], l.count);
        print_lengths(&l);
        record_list_free(&l);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int r = argc < 2 ? -1 : !strcmp(argv[1], "add") ? add(argc, argv)
                          : !strcmp(argv[1], "stats") ? stats(argc, argv)
                          : !strcmp(argv[1], "lengths") ? lengths(argc, argv) : -1;
    if (r < 0)
        fprintf(stderr, "usage: gamok-corpus add DIR --tc TC RESULTS.jsonl...\n"
                        "       gamok-corpus stats CORPUS.txt...\n"
                        "       gamok-corpus lengths CORPUS.txt...\n");
    return r < 0 ? 2 : r;
}
