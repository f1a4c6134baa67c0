/* libFuzzer harness: the results.jsonl reader and what `gamok-arena merge` does with what it
 * read (tournaments/results.c, record.c, report.c): load, sort and deduplicate, write back, the
 * standings and the HTML report. The input is the file (and each of its lines alone). No crash;
 * every record read writes a line that reads back as the same record; after the merge the ids
 * are unique and in order. */
#define _GNU_SOURCE /* memfd_create */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tournaments/config.h"
#include "tournaments/record.h"
#include "tournaments/report.h"
#include "tournaments/results.h"

#define INPUT_MAX 65536
#define JSON_CAP (BOARD_CELLS * 20 + 4096) /* as tournaments/results.c writes them */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool same_record(const GameRecord *a, const GameRecord *b)
{
    return a->id == b->id && a->engine[0] == b->engine[0] && a->engine[1] == b->engine[1] &&
           !strcmp(a->name[0], b->name[0]) && !strcmp(a->name[1], b->name[1]) &&
           a->opening_index == b->opening_index && a->symmetry == b->symmetry &&
           a->size == b->size && a->rule == b->rule && a->winner == b->winner &&
           a->end == b->end && !strcmp(a->detail, b->detail) && a->nopening == b->nopening &&
           a->nmoves == b->nmoves && a->peak_rss_kb[0] == b->peak_rss_kb[0] &&
           a->peak_rss_kb[1] == b->peak_rss_kb[1] &&
           !memcmp(a->moves, b->moves, (size_t)a->nmoves * sizeof a->moves[0]) &&
           !memcmp(a->ms, b->ms, (size_t)a->nmoves * sizeof a->ms[0]);
}

static void check_round_trip(const GameRecord *r)
{
    static char line[JSON_CAP];
    static GameRecord back;
    if (record_to_json(r, line, sizeof line) || record_from_json(line, &back)) abort();
    if (!same_record(r, &back)) abort();
}

static void merge(RecordList *all)
{
    FILE *null = fopen("/dev/null", "w");
    if (!null) abort();
    record_list_sort_unique(all);
    for (int i = 0; i < all->count; i++) {
        if (i && all->items[i].id <= all->items[i - 1].id) abort();
        if (results_append(null, &all->items[i])) abort();
    }
    char names[ARENA_MAX_ENGINES][ARENA_NAME_MAX] = {{0}};
    int n = record_list_names(all, names);
    SprtParams sprt = {0, 10, 0.05, 0.05};
    report_table(null, all->items, all->count, names, n, &sprt);
    if (report_html("/dev/null", "fuzz", all->items, all->count, names, n, &sprt)) abort();
    fclose(null);
}

/* Each line alone, in a heap block of its exact size: a read past its end is caught (the
 * loader's line buffer is larger than any line). */
static void parse_each_line(const uint8_t *data, size_t size)
{
    static GameRecord r;
    const uint8_t *p = data, *end = data + size;
    while (p < end) {
        const uint8_t *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        char *line = malloc(len + 1);
        if (!line) abort();
        memcpy(line, p, len);
        line[len] = 0;
        if (record_from_json(line, &r) == 0) check_round_trip(&r);
        free(line);
        p += len + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > INPUT_MAX) return 0;
    parse_each_line(data, size);
    int fd = memfd_create("results", 0);
    char path[64];
    if (fd < 0 || write(fd, data, size) != (ssize_t)size) abort();
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    RecordList all = {0};
    int skipped = 0;
    if (results_load(path, &all, &skipped)) abort();
    for (int i = 0; i < all.count; i++) check_round_trip(&all.items[i]);
    merge(&all);
    record_list_free(&all);
    close(fd);
    return 0;
}
