#define _POSIX_C_SOURCE 200809L
#include "tournaments/report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "brain/rules.h"
#include "tournaments/record.h"
#include "tournaments/referee.h"

#define CELL_PX 24

/* Points of engine `e` in record r: 1, 0.5 or 0 (r must involve e). */
static double points_of(const GameRecord *r, int e)
{
    if (r->winner == 0) return 0.5;
    return r->engine[r->winner == BLACK ? 0 : 1] == e ? 1.0 : 0.0;
}

static bool involves(const GameRecord *r, int a, int b)
{
    return (r->engine[0] == a && r->engine[1] == b) || (r->engine[0] == b && r->engine[1] == a);
}

/* The record with id `id` among recs, or NULL (records are few: a scan is fine). */
static const GameRecord *find_id(const GameRecord *recs, int n, int id)
{
    for (int i = 0; i < n; i++)
        if (recs[i].id == id) return &recs[i];
    return NULL;
}

PairStats report_pair(const GameRecord *recs, int n, int a, int b)
{
    PairStats ps = {a, b, {0, 0, 0}, {{0, 0, 0, 0, 0}}, 0};
    for (int i = 0; i < n; i++) {
        const GameRecord *r = &recs[i];
        if (!involves(r, a, b)) continue;
        double p = points_of(r, a);
        if (p == 1.0) ps.wld.w++;
        else if (p == 0.0) ps.wld.l++;
        else ps.wld.d++;
        if (r->id % 2) continue; /* pairs are counted once, from their even game */
        const GameRecord *mate = find_id(recs, n, r->id + 1);
        if (!mate || mate->engine[0] != r->engine[1] || mate->engine[1] != r->engine[0]) continue;
        ps.penta.n[(int)lround(2 * (p + points_of(mate, a)))]++;
        ps.npairs++;
    }
    return ps;
}

/* "+12.3 +- 20.1"; a zero shows without a sign, an unknown interval says so. */
static void print_elo(FILE *out, EloEstimate e)
{
    double elo = e.elo == 0 ? 0 : e.elo; /* no "-0.0" */
    if (isnan(e.margin)) fprintf(out, "%+.1f (no interval yet)", elo);
    else if (isinf(e.margin)) fprintf(out, "%+.1f [%+.1f, %+.1f]", elo, e.lo, e.hi); /* an end at a 0 or 1 score */
    else fprintf(out, "%+.1f +- %.1f", elo, e.margin);
}

static void print_pair(FILE *out, PairStats ps, char names[][ARENA_NAME_MAX])
{
    int games = ps.wld.w + ps.wld.l + ps.wld.d;
    EloEstimate tri = stats_elo_trinomial(ps.wld);
    fprintf(out, "%s vs %s: %d games, +%d -%d =%d, score %.1f%%, Elo ", names[ps.a], names[ps.b],
            games, ps.wld.w, ps.wld.l, ps.wld.d, 100 * tri.score);
    print_elo(out, tri);
    fprintf(out, " (95%%, trinomial)");
    if (ps.npairs) {
        fprintf(out, ", ");
        print_elo(out, stats_elo_pentanomial(ps.penta));
        fprintf(out, " (pentanomial, %d pairs)", ps.npairs);
    }
    fprintf(out, ", LOS %.1f%%\n", 100 * stats_los(ps.wld));
}

static void print_sprt(FILE *out, PairStats ps, const SprtParams *sp)
{
    double lo, hi, llr = stats_llr_trinomial(ps.wld, sp->elo0, sp->elo1);
    stats_sprt_bounds(sp, &lo, &hi);
    SprtVerdict v = stats_sprt_verdict(sp, llr);
    fprintf(out, "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f (bounds %.3f, %.3f, trinomial) %s\n",
            sp->elo0, sp->elo1, sp->alpha, sp->beta, llr, lo, hi,
            v == SPRT_H1 ? "H1 accepted" : v == SPRT_H0 ? "H0 accepted" : "continue");
}

void report_table(FILE *out, const GameRecord *recs, int n, char names[][ARENA_NAME_MAX],
                  int nengines, const SprtParams *sprt)
{
    fprintf(out, "%-4s %-24s %6s %7s %5s %5s %5s %7s\n", "rank", "engine", "games", "points",
            "won", "lost", "drawn", "score");
    for (int e = 0; e < nengines; e++) {
        int g = 0, w = 0, l = 0;
        double pts = 0;
        for (int i = 0; i < n; i++) {
            if (recs[i].engine[0] != e && recs[i].engine[1] != e) continue;
            double p = points_of(&recs[i], e);
            g++;
            pts += p;
            w += p == 1.0;
            l += p == 0.0;
        }
        fprintf(out, "%-4d %-24s %6d %7.1f %5d %5d %5d %6.1f%%\n", e + 1, names[e], g, pts, w, l,
                g - w - l, g ? 100 * pts / g : 0);
    }
    for (int a = 0; a < nengines; a++)
        for (int b = a + 1; b < nengines; b++) {
            PairStats ps = report_pair(recs, n, a, b);
            if (ps.wld.w + ps.wld.l + ps.wld.d) print_pair(out, ps, names);
        }
    if (sprt && nengines >= 2) print_sprt(out, report_pair(recs, n, 0, 1), sprt);
}

/* ---- HTML ------------------------------------------------------------------------------ */

static void html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else if (*s == '"') fputs("&quot;", f);
        else fputc(*s, f);
    }
}

static int px(int v) { return CELL_PX / 2 + v * CELL_PX + CELL_PX; }

static void svg_grid(FILE *out, int size)
{
    int w = (size + 1) * CELL_PX;
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">"
                 "<rect width=\"%d\" height=\"%d\" fill=\"#dcb35c\"/>", w, w, w, w);
    for (int i = 0; i < size; i++) {
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#555\"/>", px(0), px(i),
                px(size - 1), px(i));
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#555\"/>", px(i), px(0),
                px(i), px(size - 1));
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"9\" text-anchor=\"middle\">%d</text>",
                px(i), CELL_PX - 4, i);
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"9\" text-anchor=\"end\">%d</text>",
                CELL_PX - 2, px(i) + 3, i);
    }
}

void report_svg_board(FILE *out, const GameRecord *r)
{
    Board b;
    board_init(&b, r->size, rule_from_gomocup(r->rule));
    svg_grid(out, r->size);
    for (int i = 0; i < r->nmoves; i++) {
        int c = r->moves[i], black = i % 2 == 0;
        board_put(&b, c, black ? BLACK : WHITE);
        fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"#000\"/>"
                     "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\" fill=\"%s\">%d</text>",
                px(cell_x(c)), px(cell_y(c)), CELL_PX / 2 - 1, black ? "#111" : "#fafafa",
                px(cell_x(c)), px(cell_y(c)) + 4,
                i < r->nopening ? "#c33" : black ? "#fff" : "#000", i + 1);
    }
    int line[BOARD_MAX], n = 0;
    if (r->end == END_FIVE && r->nmoves) n = referee_win_line(&b, r->moves[r->nmoves - 1], line, BOARD_MAX);
    if (n >= 2)
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#e00\" stroke-width=\"4\" "
                     "stroke-opacity=\"0.7\"/>",
                px(cell_x(line[0])), px(cell_y(line[0])), px(cell_x(line[n - 1])), px(cell_y(line[n - 1])));
    fputs("</svg>\n", out);
}

static void html_game(FILE *f, const GameRecord *r)
{
    fprintf(f, "<div class=\"game\"><h3>Game %d: ", r->id + 1);
    html_text(f, r->name[0]);
    fputs(" (black) vs ", f);
    html_text(f, r->name[1]);
    fprintf(f, " (white) &mdash; %s</h3><p>", record_result(r));
    html_text(f, r->detail);
    fprintf(f, "; %d stones, opening %d (red numbers)</p>\n", r->nmoves, r->opening_index + 1);
    report_svg_board(f, r);
    fputs("</div>\n", f);
}

int report_html(const char *path, const char *title, const GameRecord *recs, int n,
                char names[][ARENA_NAME_MAX], int nengines, const SprtParams *sprt)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>gamok-arena report</title>"
          "<style>body{font-family:sans-serif;margin:1em}pre{background:#f4f4f4;padding:.5em}"
          ".game{display:inline-block;vertical-align:top;margin:.5em;max-width:560px}"
          "h3{font-size:1em}</style></head><body>\n<h1>gamok-arena report</h1>\n<p><code>", f);
    html_text(f, title);
    fputs("</code></p>\n<h2>Standings</h2>\n<pre>", f);
    char *table = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&table, &len);
    if (mem) {
        report_table(mem, recs, n, names, nengines, sprt);
        fclose(mem);
        html_text(f, table ? table : "");
    }
    free(table);
    fprintf(f, "</pre>\n<h2>Games (%d)</h2>\n", n);
    for (int i = 0; i < n; i++) html_game(f, &recs[i]);
    fputs("</body></html>\n", f);
    return fclose(f) ? -1 : 0;
}
