#include "protocol/options.h"

#include <string.h>

#include "brain/smp.h"
#include "protocol/parse.h"

#define MAX_DEPTH_CAP 64

static const char USAGE[] =
    "usage: pbrain-gamok [--depth N] [--paper-level N] [--evaluator E] [--threads N] [--ga M]\n"
    "                    [--ga-share P] [--help]\n"
    "A Gomoku/Renju brain for the Gomocup protocol: commands on stdin, replies on stdout.\n"
    "  --depth N        cap the game-tree search at N plies (1..64)\n"
    "  --paper-level N  use the paper's full-width min-max to level N (1..4)\n"
    "  --evaluator E    cpu, cuda, or auto (cuda when a CUDA device is usable; default)\n"
    "  --threads N      search threads (Lazy SMP), 1..64, default 1; INFO thread_num overrides\n"
    "  --ga M           GA stage after the tree: off (default), paper (one population, Ahn &\n"
    "                   Park 2010) or coevo (one population per side); it changes the tree's\n"
    "                   move only to one the threat searches prove wins\n"
    "  --ga-share P     percent of each move's time given to the GA (1..90, default 20)\n"
    "  --help           show this text\n";

/* The value of option `name` at argv[*i] ("--name N" or "--name=N"); NULL if absent. */
static const char *option_value(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    const char *arg = argv[*i];
    if (strncmp(arg, name, n) != 0)
        return NULL;
    if (arg[n] == '=')
        return arg + n + 1;
    if (arg[n] != 0)
        return NULL;
    return *i + 1 < argc ? argv[++*i] : "";
}

static bool int_in(const char *s, int lo, int hi, int *v)
{
    return parse_int_list(s, v, 1) && *v >= lo && *v <= hi;
}

int options_parse(int argc, char **argv, EngineOptions *opts, FILE *out, FILE *err)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *val;
        int v;
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            fputs(USAGE, out);
            return 0;
        } else if ((val = option_value(argc, argv, &i, "--depth"))) {
            if (!int_in(val, 1, MAX_DEPTH_CAP, &v)) {
                fprintf(err, "pbrain-gamok: --depth needs 1..%d, got '%s'\n", MAX_DEPTH_CAP, val);
                return 2;
            }
            opts->max_depth = v;
        } else if ((val = option_value(argc, argv, &i, "--paper-level"))) {
            if (!int_in(val, 1, 4, &v)) {
                fprintf(err, "pbrain-gamok: --paper-level needs 1..4, got '%s'\n", val);
                return 2;
            }
            opts->mode = MODE_PAPER;
            opts->paper_level = v;
        } else if ((val = option_value(argc, argv, &i, "--evaluator"))) {
            if (!evaluator_choice_parse(val, &opts->evaluator)) {
                fprintf(err, "pbrain-gamok: --evaluator needs cpu, cuda or auto, got '%s'\n",
                        val);
                return 2;
            }
        } else if ((val = option_value(argc, argv, &i, "--threads"))) {
            if (!int_in(val, 1, SMP_MAX_THREADS, &v)) {
                fprintf(err, "pbrain-gamok: --threads needs 1..%d, got '%s'\n", SMP_MAX_THREADS,
                        val);
                return 2;
            }
            opts->threads = v;
        } else if ((val = option_value(argc, argv, &i, "--ga-share"))) {
            if (!int_in(val, 1, 90, &v)) {
                fprintf(err, "pbrain-gamok: --ga-share needs 1..90, got '%s'\n", val);
                return 2;
            }
            opts->ga.share_pct = v;
        } else if ((val = option_value(argc, argv, &i, "--ga"))) {
            if (!ga_mode_parse(val, &opts->ga_mode)) {
                fprintf(err, "pbrain-gamok: --ga needs off, paper or coevo, got '%s'\n", val);
                return 2;
            }
        } else {
            fprintf(err, "pbrain-gamok: unknown option '%s'\n%s", arg, USAGE);
            return 2;
        }
    }
    return -1;
}
