#define _POSIX_C_SOURCE 200809L
#include "tournaments/run.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "brain/clock.h"
#include "tournaments/record.h"
#include "tournaments/report.h"

typedef struct Run {
    const ArenaConfig *cfg;
    const OpeningSet *openings;
    ScheduledGame *games;
    int *todo, ntodo, next, total_in_shard, played;
    RecordList *all;
    FILE *results;
    bool stop, tty, failed;
    pthread_mutex_t lock;
} Run;

static bool same_game(const GameRecord *r, const ScheduledGame *g)
{
    return r->engine[0] == g->black && r->engine[1] == g->white && r->opening_index == g->opening &&
           r->symmetry == g->symmetry;
}

/* Keeps earlier records that belong to this schedule; returns -1 on one that does not. */
static int resume(Run *run, int ngames, char *err, size_t cap)
{
    char path[ARENA_PATH_MAX + 32];
    int skipped = 0;
    snprintf(path, sizeof path, "%s/results.jsonl", run->cfg->outdir);
    if (run->cfg->fresh) remove(path);
    if (results_load(path, run->all, &skipped)) { snprintf(err, cap, "%s: cannot read", path); return -1; }
    for (int i = 0; i < run->all->count; i++) {
        const GameRecord *r = &run->all->items[i];
        if (r->id < 0 || r->id >= ngames || !same_game(r, &run->games[r->id]) ||
            strcmp(r->name[0], run->cfg->engines[r->engine[0]].name) ||
            strcmp(r->name[1], run->cfg->engines[r->engine[1]].name)) {
            snprintf(err, cap, "%s holds games of another tournament: use --fresh or another --out", path);
            return -1;
        }
    }
    record_list_sort_unique(run->all);
    if (skipped) fprintf(stderr, "gamok-arena: skipped %d unreadable lines of %s\n", skipped, path);
    run->results = results_open_append(path);
    if (!run->results) { snprintf(err, cap, "%s: cannot write", path); return -1; }
    return 0;
}

static bool already_played(const RecordList *l, int id)
{
    for (int i = 0; i < l->count; i++)
        if (l->items[i].id == id) return true;
    return false;
}

/* The games of this shard that are not in the results yet. */
static int plan(Run *run, int ngames)
{
    const ArenaConfig *c = run->cfg;
    run->todo = malloc((size_t)(ngames ? ngames : 1) * sizeof *run->todo);
    if (!run->todo) return -1;
    for (int id = 0; id < ngames; id++) {
        if (!schedule_in_shard(id, c->schedule.swap, c->shard_index, c->shard_count)) continue;
        run->total_in_shard++;
        if (!already_played(run->all, id)) run->todo[run->ntodo++] = id;
    }
    return 0;
}

/* Engine 0's totals against everyone (the progress line's figures). */
static Wld first_engine_wld(const RecordList *l)
{
    Wld t = {0, 0, 0};
    for (int i = 0; i < l->count; i++) {
        const GameRecord *r = &l->items[i];
        int side = r->engine[0] == 0 ? BLACK : r->engine[1] == 0 ? WHITE : 0;
        if (!side) continue;
        if (r->winner == 0) t.d++;
        else if (r->winner == side) t.w++;
        else t.l++;
    }
    return t;
}

static void progress(Run *run, const GameRecord *r)
{
    const ArenaConfig *c = run->cfg;
    Wld t = first_engine_wld(run->all);
    EloEstimate e = stats_elo_trinomial(t);
    char line[512];
    char margin[32] = "";
    if (isfinite(e.margin)) snprintf(margin, sizeof margin, " +- %.1f", e.margin);
    int n = snprintf(line, sizeof line, "%d/%d games, %s: +%d -%d =%d, score %.1f%%, Elo %+.1f%s",
                     run->total_in_shard - run->ntodo + run->played, run->total_in_shard,
                     c->engines[0].name, t.w, t.l, t.d, 100 * e.score, e.elo == 0 ? 0.0 : e.elo, margin);
    if (c->sprt && n > 0 && (size_t)n < sizeof line)
        snprintf(line + n, sizeof line - (size_t)n, ", LLR %.2f",
                 stats_llr_trinomial(t, c->sprt_params.elo0, c->sprt_params.elo1));
    if (c->quiet) return;
    if (run->tty) fprintf(stderr, "\r%-110s", line);
    else fprintf(stderr, "game %d %s vs %s: %s (%s) | %s\n", r->id + 1, r->name[0], r->name[1],
                 record_result(r), r->detail, line);
}

static void write_game_files(const Run *run, const GameRecord *r)
{
    char path[ARENA_PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/games/game-%05d.sgf", run->cfg->outdir, r->id + 1);
    FILE *f = fopen(path, "w");
    if (f) { record_write_sgf(r, f); fclose(f); }
    snprintf(path, sizeof path, "%s/games/game-%05d.psq", run->cfg->outdir, r->id + 1);
    f = fopen(path, "w");
    if (f) { record_write_psq(r, f); fclose(f); }
}

/* Called with the lock held: records a finished game and checks the SPRT. */
static void game_done(Run *run, const GameRecord *r)
{
    if (results_append(run->results, r)) run->failed = true;
    if (record_list_push(run->all, r)) run->failed = true;
    run->played++;
    write_game_files(run, r);
    progress(run, r);
    const ArenaConfig *c = run->cfg;
    if (c->sprt && !run->stop) {
        double llr = stats_llr_trinomial(first_engine_wld(run->all), c->sprt_params.elo0, c->sprt_params.elo1);
        if (stats_sprt_verdict(&c->sprt_params, llr) != SPRT_CONTINUE) run->stop = true;
    }
}

static void *worker(void *arg)
{
    Run *run = arg;
    const ArenaConfig *c = run->cfg;
    Seat seats[ARENA_MAX_ENGINES];
    GameRecord *rec = malloc(sizeof *rec);
    memset(seats, 0, sizeof seats);
    for (int e = 0; e < c->nengines; e++) seats[e].spec = &c->engines[e];
    for (;;) {
        pthread_mutex_lock(&run->lock);
        int k = run->stop || !rec || run->next == run->ntodo ? -1 : run->todo[run->next++];
        pthread_mutex_unlock(&run->lock);
        if (k < 0) break;
        const ScheduledGame *g = &run->games[k];
        memset(rec, 0, sizeof *rec);
        rec->id = g->id;
        rec->engine[0] = g->black;
        rec->engine[1] = g->white;
        rec->opening_index = g->opening;
        snprintf(rec->name[0], ARENA_NAME_MAX, "%s", c->engines[g->black].name);
        snprintf(rec->name[1], ARENA_NAME_MAX, "%s", c->engines[g->white].name);
        Seat pair[2] = {seats[g->black], seats[g->white]};
        const Opening *op = g->opening >= 0 ? &run->openings->items[g->opening] : NULL;
        game_play(&c->game, pair, op, g->symmetry, c->reuse, rec);
        seats[g->black] = pair[0];
        seats[g->white] = pair[1];
        pthread_mutex_lock(&run->lock);
        game_done(run, rec);
        pthread_mutex_unlock(&run->lock);
    }
    for (int e = 0; e < c->nengines; e++) seat_stop(&seats[e]);
    free(rec);
    return NULL;
}

static int play_all(Run *run)
{
    const ArenaConfig *c = run->cfg;
    if (c->sprt) { /* a resumed run may have decided already */
        double llr = stats_llr_trinomial(first_engine_wld(run->all), c->sprt_params.elo0, c->sprt_params.elo1);
        if (stats_sprt_verdict(&c->sprt_params, llr) != SPRT_CONTINUE) return 0;
    }
    int n = run->cfg->concurrency < run->ntodo ? run->cfg->concurrency : run->ntodo;
    pthread_t *threads = malloc((size_t)(n ? n : 1) * sizeof *threads);
    if (!threads) return -1;
    int started = 0;
    for (; started < n; started++)
        if (pthread_create(&threads[started], NULL, worker, run)) break;
    if (n && !started) worker(run); /* no threads at all: play here */
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    free(threads);
    if (run->tty && !run->cfg->quiet) fputc('\n', stderr);
    return 0;
}

int run_tournament(const ArenaConfig *cfg, const OpeningSet *openings, RecordList *all,
                   char *err, size_t cap)
{
    Run run = {.cfg = cfg, .openings = openings, .all = all, .tty = isatty(STDERR_FILENO)};
    ScheduleSpec spec = cfg->schedule;
    spec.nopenings = openings->count;
    int ngames = schedule_build(&spec, &run.games);
    int status = -1;
    pthread_mutex_init(&run.lock, NULL);
    if (ngames < 0) snprintf(err, cap, "out of memory");
    else if (!resume(&run, ngames, err, cap) && !plan(&run, ngames) && !play_all(&run)) status = 0;
    if (run.failed) { snprintf(err, cap, "could not record every game (disk full?)"); status = -1; }
    if (run.results) fclose(run.results);
    record_list_sort_unique(all);
    pthread_mutex_destroy(&run.lock);
    free(run.games);
    free(run.todo);
    return status;
}
