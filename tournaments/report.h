/* What a set of finished games says: standings, per-pairing statistics (trinomial and
 * pentanomial Elo, LOS, SPRT) as a text table, and a self-contained HTML report with a
 * crosstable (more than two engines), each pairing's running score as an SVG chart and every
 * final board drawn as SVG. Everything is computed from game records, so the same code reports
 * a live run, a resumed one and merged shards. */
#ifndef GAMOK_REPORT_H
#define GAMOK_REPORT_H

#include <stdio.h>

#include "tournaments/game.h"
#include "tournaments/stats.h"

typedef struct PairStats {
    int a, b;       /* engine indices; figures are from a's side */
    Wld wld;
    Penta penta;    /* over complete colour-swapped pairs (ids 2k, 2k+1) */
    int npairs;
} PairStats;

/* Totals of engine `a` against engine `b` over the records. */
PairStats report_pair(const GameRecord *recs, int n, int a, int b);

/* The standings and every pairing's figures; SPRT lines when `sprt` is not NULL (first
 * pairing, engines 0 and 1). names[i] is engine i's display name. */
void report_table(FILE *out, const GameRecord *recs, int n, char names[][ARENA_NAME_MAX],
                  int nengines, const SprtParams *sprt);
/* Writes the HTML report; returns 0 or -1. `title` is shown on top (the command line). */
int report_html(const char *path, const char *title, const GameRecord *recs, int n,
                char names[][ARENA_NAME_MAX], int nengines, const SprtParams *sprt);

/* A record's final board as an SVG element (numbered stones, winning line marked). */
void report_svg_board(FILE *out, const GameRecord *r);

#endif
