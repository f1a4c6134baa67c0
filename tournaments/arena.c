/* gamok-arena: a tournament runner for Gomocup brains (see tournaments/README.md).
 *   gamok-arena [options] --engine cmd=... --engine cmd=...   plays a tournament
 *   gamok-arena merge OUT.jsonl IN.jsonl...                    combines shard results */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "brain/rules.h"
#include "tournaments/config.h"
#include "tournaments/record.h"
#include "tournaments/report.h"
#include "tournaments/results.h"
#include "tournaments/run.h"

#define ERR_CAP 2048

/* mkdir -p */
static int make_dirs(const char *path)
{
    char buf[ARENA_PATH_MAX];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(buf, 0755) && errno != EEXIST) return -1;
        *p = '/';
    }
    return mkdir(buf, 0755) && errno != EEXIST ? -1 : 0;
}

static void join_args(int argc, char **argv, char *out, size_t cap)
{
    size_t used = 0;
    out[0] = 0;
    for (int i = 0; i < argc && used < cap; i++) {
        int n = snprintf(out + used, cap - used, "%s%s", i ? " " : "", argv[i]);
        if (n < 0) break;
        used += (size_t)n;
    }
}

static int write_pgn(const char *path, const RecordList *l)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    for (int i = 0; i < l->count; i++) record_write_pgn(&l->items[i], f);
    return fclose(f) ? -1 : 0;
}

static int merge_main(int argc, char **argv)
{
    const char *out = argc > 2 ? argv[2] : NULL, *html = NULL;
    SprtParams sprt = {0, 0, 0.05, 0.05}, *sp = NULL;
    RecordList all = {0};
    int inputs = 0;
    for (int i = 3; i < argc; i++) {
        int skipped = 0;
        if (!strcmp(argv[i], "--html") && i + 1 < argc) { html = argv[++i]; continue; }
        if (!strcmp(argv[i], "--sprt") && i + 1 < argc) {
            if (sscanf(argv[++i], "%lf,%lf,%lf,%lf", &sprt.elo0, &sprt.elo1, &sprt.alpha, &sprt.beta) < 2) goto usage;
            sp = &sprt;
            continue;
        }
        FILE *probe = fopen(argv[i], "r");
        if (!probe) { fprintf(stderr, "gamok-arena merge: cannot read %s\n", argv[i]); return 2; }
        fclose(probe);
        if (results_load(argv[i], &all, &skipped)) { fprintf(stderr, "gamok-arena merge: out of memory\n"); return 2; }
        if (skipped) fprintf(stderr, "gamok-arena merge: %s: skipped %d unreadable lines\n", argv[i], skipped);
        inputs++;
    }
    if (!out || !inputs) goto usage;
    int conflicts = record_list_sort_unique(&all);
    if (conflicts)
        fprintf(stderr, "gamok-arena merge: %d games share their id with a different game: the "
                        "inputs are not shards of one run; only the first game of each id is kept\n",
                conflicts);
    FILE *f = fopen(out, "w");
    for (int i = 0; f && i < all.count; i++)
        if (results_append(f, &all.items[i])) { fclose(f); f = NULL; }
    if (!f || fclose(f)) { fprintf(stderr, "gamok-arena merge: cannot write %s\n", out); return 1; }
    char names[ARENA_MAX_ENGINES][ARENA_NAME_MAX] = {{0}};
    int n = record_list_names(&all, names);
    report_table(stdout, all.items, all.count, names, n, sp);
    if (html && report_html(html, "merged results", all.items, all.count, names, n, sp))
        fprintf(stderr, "gamok-arena merge: cannot write %s\n", html);
    printf("merged %d games into %s\n", all.count, out);
    record_list_free(&all);
    return conflicts ? 1 : 0;
usage:
    fprintf(stderr, "%s", ARENA_USAGE);
    record_list_free(&all);
    return 2;
}

/* Loads the openings and checks that each fits the board under the rule. */
static int load_openings(const ArenaConfig *c, OpeningSet *set, char *err, size_t cap)
{
    memset(set, 0, sizeof *set);
    if (!c->openings_path[0]) return 0;
    if (opening_load(c->openings_path, c->openings_format, set, err, cap)) return -1;
    for (int i = 0; i < set->count; i++) {
        Board b;
        char why[128];
        board_init(&b, c->game.size, rule_from_gomocup(c->game.rule));
        if (opening_apply(&set->items[i], 0, &b, why, sizeof why)) {
            snprintf(err, cap, "%s: opening %d: %s", c->openings_path, i + 1, why);
            opening_set_free(set);
            return -1;
        }
    }
    return 0;
}

static int prepare_output(ArenaConfig *c, const char *command, char *err, size_t cap)
{
    char path[ARENA_PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/games", c->outdir);
    int bad = make_dirs(path);
    snprintf(c->game.logdir, sizeof c->game.logdir, "%.1000s/logs", c->outdir);
    bad = bad || make_dirs(c->game.logdir);
    snprintf(path, sizeof path, "%s/command.txt", c->outdir);
    FILE *f = bad ? NULL : fopen(path, "a");
    if (!f) { snprintf(err, cap, "%s: cannot create the output folders", c->outdir); return -1; }
    time_t now = time(NULL);
    char when[64];
    strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
    fprintf(f, "%s  %s\n", when, command);
    fclose(f);
    return 0;
}

static int finish(const ArenaConfig *c, const RecordList *all, const char *command)
{
    char names[ARENA_MAX_ENGINES][ARENA_NAME_MAX], path[ARENA_PATH_MAX + 32];
    for (int e = 0; e < c->nengines; e++) snprintf(names[e], ARENA_NAME_MAX, "%s", c->engines[e].name);
    const SprtParams *sp = c->sprt ? &c->sprt_params : NULL;
    report_table(stdout, all->items, all->count, names, c->nengines, sp);
    snprintf(path, sizeof path, "%s/games.pgn", c->outdir);
    int bad = write_pgn(path, all);
    snprintf(path, sizeof path, "%s/report.html", c->outdir);
    bad |= report_html(path, command, all->items, all->count, names, c->nengines, sp);
    printf("results: %s/results.jsonl, games: %s/games/, report: %s\n", c->outdir, c->outdir, path);
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "merge")) return merge_main(argc, argv);
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(ARENA_USAGE, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    static ArenaConfig cfg; /* large: kept off the stack; main's only state */
    char err[ERR_CAP], command[4096];
    OpeningSet openings;
    RecordList all = {0};
    join_args(argc, argv, command, sizeof command);
    if (config_parse(argc, argv, 1, &cfg, err, sizeof err) || load_openings(&cfg, &openings, err, sizeof err) ||
        prepare_output(&cfg, command, err, sizeof err)) {
        fprintf(stderr, "gamok-arena: %s\n(gamok-arena --help lists the options)\n", err);
        return 2;
    }
    int status = run_tournament(&cfg, &openings, &all, err, sizeof err);
    if (status) fprintf(stderr, "gamok-arena: %s\n", err);
    else status = finish(&cfg, &all, command);
    record_list_free(&all);
    opening_set_free(&openings);
    return status;
}
