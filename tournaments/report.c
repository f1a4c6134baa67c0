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

/* Counts one game of the pairing from its side: `points` is 1, 0.5 or 0. */
static void wld_add(Wld *wld, double points)
{
    if (points == 1.0) wld->w++;
    else if (points == 0.0) wld->l++;
    else wld->d++;
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
        wld_add(&ps.wld, p);
        if (r->id % 2) continue; /* pairs are counted once, from their even game */
        const GameRecord *mate = find_id(recs, n, r->id + 1);
        if (!mate || mate->engine[0] != r->engine[1] || mate->engine[1] != r->engine[0]) continue;
        ps.penta.n[(int)lround(2 * (p + points_of(mate, a)))]++;
        ps.npairs++;
    }
    return ps;
}

/* "+12.3 +- 20.1"; a zero shows without a sign, an unknown interval says so. */
static void format_elo(char *buf, size_t cap, EloEstimate e)
{
    double elo = e.elo == 0 ? 0 : e.elo; /* no "-0.0" */
    if (isnan(e.margin)) snprintf(buf, cap, "%+.1f (no interval yet)", elo);
    else if (isinf(e.margin)) /* an end at a 0 or 1 score */
        snprintf(buf, cap, "%+.1f [%+.1f, %+.1f]", elo, e.lo, e.hi);
    else snprintf(buf, cap, "%+.1f +- %.1f", elo, e.margin);
}

static void print_elo(FILE *out, EloEstimate e)
{
    char text[96];
    format_elo(text, sizeof text, e);
    fputs(text, out);
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
        else if (*s == '\'') fputs("&#39;", f);
        else fputc(*s, f);
    }
}

static int px(int v) { return CELL_PX / 2 + v * CELL_PX + CELL_PX; }

static void svg_grid(FILE *out, int size)
{
    int w = (size + 1) * CELL_PX;
    fprintf(out, "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">"
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

/* ---- the score chart of a pairing ---------------------------------------------------------- */

/* The plot area inside the chart, in pixels; the margins hold the title and the axes' labels
 * (score % on the left, Elo on the right, games below). */
#define PLOT_X0 52
#define PLOT_Y0 34
#define PLOT_W 380
#define PLOT_H 180
#define CHART_W (PLOT_X0 + PLOT_W + 52)
#define CHART_H (PLOT_Y0 + PLOT_H + 40)
#define CHART_DOTS_MAX 50 /* more games than this: the line alone, dots would blot it */

static double chart_x(int game, int games) { return PLOT_X0 + (double)PLOT_W * game / games; }
static double chart_y(double percent) { return PLOT_Y0 + PLOT_H * (1 - percent / 100); }

/* Engine a's figures after each game of the pairing, in the records' order (game id): the score
 * and the Elo estimate with its interval, from the same helpers as the table. Returns the count. */
static int pair_series(const GameRecord *recs, int n, int a, int b, EloEstimate *series)
{
    Wld wld = {0, 0, 0};
    int games = 0;
    for (int i = 0; i < n; i++) {
        if (!involves(&recs[i], a, b)) continue;
        wld_add(&wld, points_of(&recs[i], a));
        series[games++] = stats_elo_trinomial(wld);
    }
    return games;
}

/* Game ticks 1, 2, 5, 10, 20, 50 ... apart: at most 11 labels (0 included) however long the match. */
static int game_tick_step(int games)
{
    static const int mantissa[] = {1, 2, 5};
    for (int decade = 1;; decade *= 10)
        for (int i = 0; i < 3; i++)
            if (games / (mantissa[i] * decade) <= 10) return mantissa[i] * decade;
}

static void chart_label(FILE *f, double x, double y, const char *anchor, const char *text)
{
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>", x, y, anchor, text);
}

static void chart_axes(FILE *f, int games)
{
    static const int elo_ticks[] = {-400, -200, -100, 0, 100, 200, 400};
    char text[32];
    for (int pct = 0; pct <= 100; pct += 25) {
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>", PLOT_X0,
                PLOT_X0 + PLOT_W, chart_y(pct), chart_y(pct), pct == 50 ? "#555" : "#ddd",
                pct == 50 ? " stroke-dasharray=\"6 4\"" : "");
        snprintf(text, sizeof text, "%d%%", pct);
        chart_label(f, PLOT_X0 - 6, chart_y(pct) + 4, "end", text);
    }
    /* The right axis reads the same line in Elo: the logistic model maps score to Elo. */
    for (size_t i = 0; i < sizeof elo_ticks / sizeof *elo_ticks; i++) {
        double y = chart_y(100 * stats_score_of_elo(elo_ticks[i]));
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#555\"/>",
                PLOT_X0 + PLOT_W, PLOT_X0 + PLOT_W + 4, y, y);
        snprintf(text, sizeof text, elo_ticks[i] ? "%+d" : "%d", elo_ticks[i]);
        chart_label(f, PLOT_X0 + PLOT_W + 7, y + 4, "start", text);
    }
    int step = game_tick_step(games);
    for (int g = 0; g <= games; g += step) {
        snprintf(text, sizeof text, "%d", g);
        chart_label(f, chart_x(g, games), PLOT_Y0 + PLOT_H + 15, "middle", text);
    }
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#555\"/>",
            PLOT_X0, PLOT_Y0, PLOT_W, PLOT_H);
    chart_label(f, PLOT_X0 + PLOT_W / 2.0, CHART_H - 6, "middle", "game");
    fprintf(f, "<text transform=\"translate(14 %d) rotate(-90)\" text-anchor=\"middle\">score</text>"
               "<text transform=\"translate(%d %d) rotate(90)\" text-anchor=\"middle\">Elo</text>",
            PLOT_Y0 + PLOT_H / 2, CHART_W - 10, PLOT_Y0 + PLOT_H / 2);
}

/* The 95% interval of the Elo estimate, drawn on the score axis. It exists from the first point
 * with two different results on (before that the variance is 0), so the known points are one
 * run at the end of the series and make one polygon. Data units: x = game, y = percent. */
static void chart_band(FILE *f, const EloEstimate *series, int games)
{
    int first = 0;
    while (first < games && isnan(series[first].lo)) first++;
    if (first == games) return;
    fputs("<polygon fill=\"#1f6fb4\" fill-opacity=\"0.15\" points=\"", f);
    for (int g = first; g < games; g++) /* the upper edge forward, the lower one back */
        fprintf(f, "%d,%.1f ", g + 1, 100 * stats_score_of_elo(series[g].hi));
    for (int g = games - 1; g >= first; g--)
        fprintf(f, "%d,%.1f ", g + 1, 100 * stats_score_of_elo(series[g].lo));
    fputs("\"/>", f);
}

/* The running score in data units (x = game, y = percent), so the points read as the figures;
 * the stroke keeps its width under the group's non-uniform scale. */
static void chart_line(FILE *f, const EloEstimate *series, int games)
{
    fputs("<polyline class=\"score\" fill=\"none\" stroke=\"#1f6fb4\" stroke-width=\"2\" "
          "stroke-linejoin=\"round\" vector-effect=\"non-scaling-stroke\" points=\"", f);
    for (int g = 0; g < games; g++) fprintf(f, "%s%d,%.1f", g ? " " : "", g + 1, 100 * series[g].score);
    fputs("\"/>", f);
}

/* Dots in pixels (a scaled circle would be an ellipse), each with its figures on hover. */
static void chart_dots(FILE *f, const EloEstimate *series, int games)
{
    if (games > CHART_DOTS_MAX) return;
    for (int g = 0; g < games; g++) {
        char elo[96];
        format_elo(elo, sizeof elo, series[g]);
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"#1f6fb4\"><title>game %d: %.1f%%, "
                   "Elo %s</title></circle>",
                chart_x(g + 1, games), chart_y(100 * series[g].score), g + 1, 100 * series[g].score, elo);
    }
}

static void chart_title(FILE *f, const char *a, const char *b)
{
    fprintf(f, "<text x=\"%d\" y=\"18\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\">",
            CHART_W / 2);
    html_text(f, a);
    fputs(" vs ", f);
    html_text(f, b);
    fputs(": score of ", f);
    html_text(f, a);
    fputs("</text>", f);
}

/* The final figures in words, under the chart. */
static void chart_caption(FILE *f, EloEstimate last, int games, const char *a)
{
    char elo[96];
    format_elo(elo, sizeof elo, last);
    fputs("<figcaption>", f);
    html_text(f, a);
    fprintf(f, " scored %.1f%% in %d game%s; Elo ", 100 * last.score, games, games == 1 ? "" : "s");
    html_text(f, elo);
    fputs(" (95%, trinomial)</figcaption>", f);
}

static void html_score_chart(FILE *f, const EloEstimate *series, int games, const char *a, const char *b)
{
    fprintf(f, "<figure class=\"chart\"><svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" "
               "width=\"%d\" height=\"%d\" font-size=\"11\">", CHART_W, CHART_H);
    chart_title(f, a, b);
    chart_axes(f, games);
    fprintf(f, "<g transform=\"translate(%d %d) scale(%.6g %.6g)\">", PLOT_X0, PLOT_Y0 + PLOT_H,
            (double)PLOT_W / games, -(double)PLOT_H / 100);
    chart_band(f, series, games);
    chart_line(f, series, games);
    fputs("</g>", f);
    chart_dots(f, series, games);
    fputs("</svg>", f);
    chart_caption(f, series[games - 1], games, a);
    fputs("</figure>\n", f);
}

/* One chart per pairing that has games, from the first engine's side. */
static void html_score_charts(FILE *f, const GameRecord *recs, int n, char names[][ARENA_NAME_MAX],
                              int nengines)
{
    EloEstimate *series = n ? malloc((size_t)n * sizeof *series) : NULL;
    if (!series) return; /* no games, or no memory: the report goes on without charts */
    fputs("<h2>Score over the games</h2>\n<p>Each pairing's running score of its first engine after "
          "every game, in the order of the results (game id); the shaded band is the 95% interval "
          "of the Elo estimate (trinomial), which the right axis reads in Elo.</p>\n", f);
    for (int a = 0; a < nengines; a++)
        for (int b = a + 1; b < nengines; b++) {
            int games = pair_series(recs, n, a, b, series);
            if (games) html_score_chart(f, series, games, names[a], names[b]);
        }
    free(series);
}

/* ---- the crosstable ------------------------------------------------------------------------- */

static void crosstable_cell(FILE *f, const GameRecord *recs, int n, int row, int col)
{
    if (row == col) { fputs("<td class=\"diag\"></td>", f); return; }
    PairStats ps = report_pair(recs, n, row, col);
    int games = ps.wld.w + ps.wld.l + ps.wld.d;
    if (!games) { fputs("<td></td>", f); return; }
    double score = stats_elo_trinomial(ps.wld).score;
    fprintf(f, "<td class=\"%s\">%.1f/%d (%.1f%%)</td>",
            score > 0.5 ? "ahead" : score < 0.5 ? "behind" : "even", score * games, games, 100 * score);
}

/* Every engine's score against every other: for more than two engines, where the standings'
 * totals hide who beat whom. */
static void html_crosstable(FILE *f, const GameRecord *recs, int n, char names[][ARENA_NAME_MAX],
                            int nengines)
{
    fputs("<h2>Crosstable</h2>\n<p>The row engine's points against the column engine / games "
          "(score).</p>\n<table class=\"crosstable\"><tr><th></th>", f);
    for (int col = 0; col < nengines; col++) {
        fputs("<th>", f);
        html_text(f, names[col]);
        fputs("</th>", f);
    }
    fputs("</tr>\n", f);
    for (int row = 0; row < nengines; row++) {
        fputs("<tr><th>", f);
        html_text(f, names[row]);
        fputs("</th>", f);
        for (int col = 0; col < nengines; col++) crosstable_cell(f, recs, n, row, col);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
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
          "<style>body{font-family:sans-serif;margin:1em}"
          "pre{background:#f4f4f4;padding:.5em;overflow-x:auto}"
          ".game{display:inline-block;vertical-align:top;margin:.5em;max-width:560px}"
          "h3{font-size:1em}figure.chart{display:inline-block;margin:.5em 1em .5em 0}"
          "figcaption{font-size:.9em;max-width:480px}.crosstable{border-collapse:collapse}"
          ".crosstable td,.crosstable th{border:1px solid #bbb;padding:.25em .6em;text-align:center}"
          ".crosstable .diag{background:#ddd}.crosstable .ahead{background:#e2f2e2}"
          ".crosstable .behind{background:#f6e0e0}</style></head><body>\n"
          "<h1>gamok-arena report</h1>\n<p><code>", f);
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
    fputs("</pre>\n", f);
    if (nengines > 2) html_crosstable(f, recs, n, names, nengines);
    html_score_charts(f, recs, n, names, nengines);
    fprintf(f, "<h2>Games (%d)</h2>\n", n);
    for (int i = 0; i < n; i++) html_game(f, &recs[i]);
    fputs("</body></html>\n", f);
    return fclose(f) ? -1 : 0;
}
