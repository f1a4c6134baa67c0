#define _DEFAULT_SOURCE /* realpath */
#include "tournaments/config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "brain/rules.h"

const char ARENA_USAGE[] =
    "usage: gamok-arena [options] --engine cmd=PATH [arg=ARG] [name=NAME] [cwd=DIR] --engine ...\n"
    "       gamok-arena merge OUT.jsonl IN.jsonl... [--html FILE] [--sprt ELO0,ELO1[,ALPHA,BETA]]\n"
    "Engines (two or more): cmd= is the executable and blank-separated arguments, arg= adds one\n"
    "  argument verbatim, name= the display name ([A-Za-z0-9._+-], default: file name), cwd= the\n"
    "  working directory (default: the executable's folder, as managers do).\n"
    "  --gauntlet            the first engine against each other (default: round robin)\n"
    "Games:\n"
    "  --rule R              Gomocup rule: 0 freestyle, 1 exactly five, 4 renju, 8 caro (0)\n"
    "  --size N              board size 5..22 (15)\n"
    "  --turn MS             turn time, 0 = none (1000)      --match MS    match time, 0 = none (0)\n"
    "  --increment MS        added after each move (0)       --tolerance MS  overrun allowed (1000)\n"
    "  --memory BYTES        INFO max_memory (367001600)     --info \"KEY VALUE\"  extra INFO line\n"
    "  --start-timeout MS    time to answer ABOUT/START (10000)\n"
    "  --drawafter N         draw once N stones are on the board (0 = only a full board)\n"
    "  --lenient             skip any non-move line (c-gomoku-cli); default: lose (Piskvork)\n"
    "  --reuse               one process per engine and worker, START again for each game\n"
    "  --suspend             SIGSTOP each brain between its turns (no pondering)\n"
    "Openings and schedule:\n"
    "  --openings FILE       one opening a line     --format offset|pos  (offset: \"0,0, 1,-1\")\n"
    "  --random              shuffle the openings   --seed N             (1)\n"
    "  --max-openings N      use the first N        --rounds N           repeat the set (1)\n"
    "  --symmetry            random board symmetry per opening\n"
    "  --no-swap             play each opening once (default: twice, colours swapped)\n"
    "Run:\n"
    "  --concurrency N       games at once (default: number of cores)\n"
    "  --shard I/N           play only shard I of N (merge the results files afterwards)\n"
    "  --sprt ELO0,ELO1[,ALPHA,BETA]  stop early on a decision (alpha, beta default 0.05)\n"
    "  --out DIR             results, games, logs and the report (arena-out)\n"
    "  --fresh               start over instead of resuming from DIR/results.jsonl\n"
    "  --quiet               no progress lines\n";

static bool int_arg(const char *s, int lo, int hi, int *v)
{
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    if (end == s || *end || errno || n < lo || n > hi) return false;
    *v = (int)n;
    return true;
}

static bool valid_name(const char *s)
{
    if (!*s) return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && !strchr("._+-", *s)) return false;
    return true;
}

/* Splits cmd= into the path and arguments, resolves the path, defaults name and cwd. */
static int engine_command(EngineSpec *e, const char *cmd, char *err, size_t cap)
{
    char buf[2048], *save = NULL, *tok = NULL, resolved[PATH_MAX];
    snprintf(buf, sizeof buf, "%s", cmd);
    char *path = strtok_r(buf, " \t", &save);
    if (!path) { snprintf(err, cap, "--engine: empty cmd="); return -1; }
    if (!realpath(path, resolved) || access(resolved, X_OK)) {
        snprintf(err, cap, "--engine: '%s' is not an executable file", path);
        return -1;
    }
    size_t len = strlen(resolved);
    if (len >= sizeof e->path) { snprintf(err, cap, "--engine: path too long"); return -1; }
    memcpy(e->path, resolved, len + 1);
    while ((tok = strtok_r(NULL, " \t", &save)) && e->nargs < ENGINE_MAX_ARGS)
        snprintf(e->args[e->nargs++], sizeof e->args[0], "%s", tok);
    return 0;
}

static void engine_defaults(EngineSpec *e)
{
    const char *base = strrchr(e->path, '/');
    if (!e->name[0]) snprintf(e->name, sizeof e->name, "%.63s", base + 1);
    size_t dir = (size_t)(base - e->path); /* the path is absolute: base is never NULL */
    if (!e->cwd[0]) {
        memcpy(e->cwd, e->path, dir);
        e->cwd[dir] = 0;
    }
    if (!e->cwd[0]) strcpy(e->cwd, "/");
}

/* Reads "--engine key=value..." up to the next "--" option. Returns the last index used. */
static int parse_engine(int argc, char **argv, int i, ArenaConfig *c, char *err, size_t cap)
{
    if (c->nengines == ARENA_MAX_ENGINES) {
        snprintf(err, cap, "at most %d engines", ARENA_MAX_ENGINES);
        return -1;
    }
    EngineSpec *e = &c->engines[c->nengines++];
    bool has_cmd = false;
    memset(e, 0, sizeof *e);
    for (; i + 1 < argc && strncmp(argv[i + 1], "--", 2); i++) {
        const char *kv = argv[i + 1];
        if (!strncmp(kv, "cmd=", 4)) {
            if (engine_command(e, kv + 4, err, cap)) return -1;
            has_cmd = true;
        } else if (!strncmp(kv, "arg=", 4) && e->nargs < ENGINE_MAX_ARGS) {
            snprintf(e->args[e->nargs++], sizeof e->args[0], "%s", kv + 4);
        } else if (!strncmp(kv, "name=", 5) && valid_name(kv + 5) && strlen(kv + 5) < ARENA_NAME_MAX) {
            snprintf(e->name, sizeof e->name, "%s", kv + 5);
        } else if (!strncmp(kv, "cwd=", 4)) {
            snprintf(e->cwd, sizeof e->cwd, "%s", kv + 4);
        } else {
            snprintf(err, cap, "--engine: bad setting '%s'", kv);
            return -1;
        }
    }
    if (!has_cmd) { snprintf(err, cap, "--engine without cmd="); return -1; }
    engine_defaults(e);
    return i;
}

static int parse_sprt(const char *s, SprtParams *sp)
{
    double v[4] = {0, 0, 0.05, 0.05};
    int n = sscanf(s, "%lf,%lf,%lf,%lf", &v[0], &v[1], &v[2], &v[3]);
    if (n != 2 && n != 4) return -1;
    *sp = (SprtParams){v[0], v[1], v[2], v[3]};
    return v[0] < v[1] && v[2] > 0 && v[2] < 0.5 && v[3] > 0 && v[3] < 0.5 ? 0 : -1;
}

static void set_defaults(ArenaConfig *c)
{
    memset(c, 0, sizeof *c);
    c->game = (GameSettings){.size = 15, .rule = 0, .turn_ms = 1000, .tolerance_ms = 1000,
                             .start_ms = 10000, .max_memory = 350LL * 1024 * 1024};
    c->schedule = (ScheduleSpec){.rounds = 1, .swap = true, .seed = 1};
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    c->concurrency = cores > 0 ? (int)cores : 1;
    c->shard_index = c->shard_count = 1;
    snprintf(c->outdir, sizeof c->outdir, "arena-out");
}

/* One option with a value; returns 1 when handled, 0 when unknown, -1 on a bad value. */
static int value_option(const char *o, const char *v, ArenaConfig *c)
{
    GameSettings *g = &c->game;
    int seed;
    if (!strcmp(o, "--rule")) return int_arg(v, 0, 15, &g->rule) && rule_supported(g->rule) ? 1 : -1;
    if (!strcmp(o, "--size")) return int_arg(v, BOARD_MIN, BOARD_MAX, &g->size) ? 1 : -1;
    if (!strcmp(o, "--turn")) return int_arg(v, 0, INT_MAX / 2, &g->turn_ms) ? 1 : -1;
    if (!strcmp(o, "--match")) return int_arg(v, 0, INT_MAX / 2, &g->match_ms) ? 1 : -1;
    if (!strcmp(o, "--increment")) return int_arg(v, 0, INT_MAX / 2, &g->increment_ms) ? 1 : -1;
    if (!strcmp(o, "--tolerance")) return int_arg(v, 0, INT_MAX / 2, &g->tolerance_ms) ? 1 : -1;
    if (!strcmp(o, "--start-timeout")) return int_arg(v, 1, INT_MAX / 2, &g->start_ms) ? 1 : -1;
    if (!strcmp(o, "--drawafter")) return int_arg(v, 0, BOARD_CELLS, &g->drawafter) ? 1 : -1;
    if (!strcmp(o, "--memory")) {
        char *end;
        g->max_memory = strtoll(v, &end, 10);
        return end != v && !*end && g->max_memory >= 0 ? 1 : -1;
    }
    if (!strcmp(o, "--info")) {
        if (g->ninfo == ARENA_MAX_INFO || !strchr(v, ' ') || strlen(v) >= sizeof g->info[0]) return -1;
        snprintf(g->info[g->ninfo++], sizeof g->info[0], "%s", v);
        return 1;
    }
    if (!strcmp(o, "--openings")) return snprintf(c->openings_path, sizeof c->openings_path, "%s", v) > 0 ? 1 : -1;
    if (!strcmp(o, "--format")) {
        if (strcmp(v, "offset") && strcmp(v, "pos")) return -1;
        c->openings_format = !strcmp(v, "pos") ? OPEN_POS : OPEN_OFFSET;
        return 1;
    }
    if (!strcmp(o, "--seed")) return int_arg(v, 0, INT_MAX, &seed) ? (c->schedule.seed = (uint64_t)seed, 1) : -1;
    if (!strcmp(o, "--max-openings")) return int_arg(v, 1, INT_MAX, &c->schedule.max_openings) ? 1 : -1;
    if (!strcmp(o, "--rounds")) return int_arg(v, 1, 100000, &c->schedule.rounds) ? 1 : -1;
    if (!strcmp(o, "--concurrency")) return int_arg(v, 1, 256, &c->concurrency) ? 1 : -1;
    if (!strcmp(o, "--shard"))
        return sscanf(v, "%d/%d", &c->shard_index, &c->shard_count) == 2 && c->shard_count >= 1 &&
               c->shard_index >= 1 && c->shard_index <= c->shard_count ? 1 : -1;
    if (!strcmp(o, "--sprt")) return parse_sprt(v, &c->sprt_params) ? -1 : (c->sprt = true, 1);
    if (!strcmp(o, "--out")) return snprintf(c->outdir, sizeof c->outdir, "%s", v) > 0 ? 1 : -1;
    return 0;
}

static int flag_option(const char *o, ArenaConfig *c)
{
    if (!strcmp(o, "--gauntlet")) c->schedule.gauntlet = true;
    else if (!strcmp(o, "--lenient")) c->game.lenient = true;
    else if (!strcmp(o, "--reuse")) c->reuse = true;
    else if (!strcmp(o, "--suspend")) c->game.suspend = true;
    else if (!strcmp(o, "--random")) c->schedule.random_order = true;
    else if (!strcmp(o, "--symmetry")) c->schedule.symmetry = true;
    else if (!strcmp(o, "--no-swap")) c->schedule.swap = false;
    else if (!strcmp(o, "--fresh")) c->fresh = true;
    else if (!strcmp(o, "--quiet")) c->quiet = true;
    else return 0;
    return 1;
}

static int check_whole(ArenaConfig *c, char *err, size_t cap)
{
    if (c->nengines < 2) { snprintf(err, cap, "need two or more --engine"); return -1; }
    for (int i = 0; i < c->nengines; i++)
        for (int j = i + 1; j < c->nengines; j++)
            if (!strcmp(c->engines[i].name, c->engines[j].name)) {
                snprintf(err, cap, "two engines are named '%s': give name=", c->engines[i].name);
                return -1;
            }
    if (c->game.turn_ms == 0 && c->game.match_ms == 0) {
        snprintf(err, cap, "--turn and --match cannot both be 0 (a game needs a clock)");
        return -1;
    }
    if (c->sprt && c->nengines != 2) { snprintf(err, cap, "--sprt needs exactly two engines"); return -1; }
    c->schedule.nengines = c->nengines;
    return 0;
}

int config_parse(int argc, char **argv, int first, ArenaConfig *c, char *err, size_t cap)
{
    set_defaults(c);
    for (int i = first; i < argc; i++) {
        const char *o = argv[i];
        if (!strcmp(o, "--engine")) {
            if ((i = parse_engine(argc, argv, i, c, err, cap)) < 0) return -1;
            continue;
        }
        int r = flag_option(o, c);
        if (!r && i + 1 < argc) r = value_option(o, argv[i + 1], c), i += r != 0;
        if (r == 1) continue;
        if (r < 0) snprintf(err, cap, "bad value for %s: '%s'", o, argv[i]);
        else snprintf(err, cap, "unknown option or missing value: '%s'", o);
        return -1;
    }
    return check_whole(c, err, cap);
}
