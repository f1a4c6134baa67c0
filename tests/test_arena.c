/* The tournament runner's pure parts: opening parsing, the referee under every rule, Elo/LOS/SPRT
 * figures against values computed independently, record writers read back, the schedule and
 * its shards. No processes here (tests/test_arena_games.c plays real games). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/rules.h"
#include "tournaments/game.h"
#include "tournaments/opening.h"
#include "tournaments/record.h"
#include "tournaments/referee.h"
#include "tournaments/report.h"
#include "tournaments/schedule.h"
#include "tournaments/stats.h"

/* ---- openings ---- */

static void offset_format_parses_pairs(void **state)
{
    (void)state;
    Opening o;
    char err[128];
    assert_int_equal(opening_parse("0,0, 1,-1, -2,3\n", OPEN_OFFSET, &o, err, sizeof err), 0);
    assert_int_equal(o.n, 3);
    assert_true(o.centred);
    assert_int_equal(o.x[1], 1);
    assert_int_equal(o.y[1], -1);
    assert_int_equal(o.x[2], -2);
    assert_int_equal(o.y[2], 3);
}

static void offset_format_rejects_bad_lines(void **state)
{
    (void)state;
    Opening o;
    char err[128];
    assert_int_equal(opening_parse("0,0, 1", OPEN_OFFSET, &o, err, sizeof err), -1);
    assert_non_null(strstr(err, "odd"));
    assert_int_equal(opening_parse("0,0, a,b", OPEN_OFFSET, &o, err, sizeof err), -1);
    assert_int_equal(opening_parse("   ", OPEN_OFFSET, &o, err, sizeof err), -1);
    assert_int_equal(opening_parse("0,999", OPEN_OFFSET, &o, err, sizeof err), -1);
}

static void pos_format_parses_letters_and_rows(void **state)
{
    (void)state;
    Opening o;
    char err[128];
    assert_int_equal(opening_parse("h8i9J10", OPEN_POS, &o, err, sizeof err), 0);
    assert_int_equal(o.n, 3);
    assert_false(o.centred);
    assert_int_equal(o.x[0], 7);
    assert_int_equal(o.y[0], 7);
    assert_int_equal(o.x[2], 9);
    assert_int_equal(o.y[2], 9);
    assert_int_equal(opening_parse("h0", OPEN_POS, &o, err, sizeof err), -1);
    assert_int_equal(opening_parse("h8 9", OPEN_POS, &o, err, sizeof err), -1);
    assert_int_equal(opening_parse("z9", OPEN_POS, &o, err, sizeof err), -1);
}

static void file_errors_name_the_line(void **state)
{
    (void)state;
    char path[] = "/tmp/gamok-openings-XXXXXX", err[256];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("# a comment\n0,0, 1,1\n\n0,0, 1,x\n", f);
    fclose(f);
    OpeningSet set;
    assert_int_equal(opening_load(path, OPEN_OFFSET, &set, err, sizeof err), -1);
    assert_non_null(strstr(err, ":4:"));
    f = fopen(path, "w");
    fputs("# two good lines\n0,0, 1,1\n0,0, -1,1\n", f);
    fclose(f);
    assert_int_equal(opening_load(path, OPEN_OFFSET, &set, err, sizeof err), 0);
    assert_int_equal(set.count, 2);
    opening_set_free(&set);
    assert_int_equal(opening_load("/nonexistent/openings.txt", OPEN_OFFSET, &set, err, sizeof err), -1);
    remove(path);
}

static void openings_that_do_not_fit_are_refused(void **state)
{
    (void)state;
    Opening o;
    Board b;
    char err[128];
    opening_parse("0,0, 3,3", OPEN_OFFSET, &o, err, sizeof err);
    board_init(&b, 5, RULE_FREESTYLE);
    assert_int_equal(opening_apply(&o, 0, &b, err, sizeof err), -1);
    assert_non_null(strstr(err, "off"));
    opening_parse("0,0, 0,0", OPEN_OFFSET, &o, err, sizeof err);
    board_init(&b, 15, RULE_FREESTYLE);
    assert_int_equal(opening_apply(&o, 0, &b, err, sizeof err), -1);
    opening_parse("0,0, 1,1, 2,2", OPEN_OFFSET, &o, err, sizeof err);
    board_init(&b, 15, RULE_FREESTYLE);
    assert_int_equal(opening_apply(&o, 0, &b, err, sizeof err), 0);
    assert_int_equal(b.nstones, 3);
    assert_int_equal(b.cell[cell_index(8, 8)], WHITE);
    assert_int_equal(b.to_move, WHITE);
}

static void symmetries_map_the_board_onto_itself(void **state)
{
    (void)state;
    int x = 0, y = 1;
    opening_transform(15, 7, &x, &y); /* transpose, then mirror both ways */
    assert_int_equal(x, 13);
    assert_int_equal(y, 14);
    for (int sym = 0; sym < 8; sym++) {
        int seen[15 * 15] = {0};
        for (int j = 0; j < 15; j++)
            for (int i = 0; i < 15; i++) {
                int a = i, c = j;
                opening_transform(15, sym, &a, &c);
                assert_true(a >= 0 && a < 15 && c >= 0 && c < 15);
                seen[c * 15 + a]++;
            }
        for (int k = 0; k < 15 * 15; k++) assert_int_equal(seen[k], 1);
    }
}

/* ---- referee ---- */

/* Rows of 'X', 'O', '.' from y = 0; to_move set explicitly. */
static void set_board(Board *b, int size, int rule, int to_move, const char *const *rows)
{
    board_init(b, size, rule);
    for (int y = 0; y < size && rows[y]; y++)
        for (int x = 0; x < size && rows[y][x]; x++)
            if (rows[y][x] != '.') board_put(b, cell_index(x, y), rows[y][x] == 'X' ? BLACK : WHITE);
    board_set_to_move(b, to_move);
}

static const char *const FOUR_AND_GAP[] = {"...............", "...............", ".XXXX.XX.......",
                                           "...............", "...............", NULL};

static void referee_freestyle_overline_wins(void **state)
{
    (void)state;
    Board b;
    set_board(&b, 15, RULE_FREESTYLE, BLACK, FOUR_AND_GAP);
    assert_int_equal(referee_move(&b, 5, 2), REF_WIN); /* seven in a row */
    int line[BOARD_MAX];
    assert_int_equal(referee_win_line(&b, cell_index(5, 2), line, BOARD_MAX), 7);
    set_board(&b, 15, RULE_FREESTYLE, BLACK, FOUR_AND_GAP);
    assert_int_equal(referee_move(&b, 0, 2), REF_WIN);
    assert_int_equal(referee_win_line(&b, cell_index(0, 2), line, BOARD_MAX), 5);
}

static void referee_exact_five_overline_plays_on(void **state)
{
    (void)state;
    Board b;
    set_board(&b, 15, RULE_EXACT5, BLACK, FOUR_AND_GAP);
    assert_int_equal(referee_move(&b, 5, 2), REF_PLAY_ON);
    assert_int_equal(b.cell[cell_index(5, 2)], BLACK);
    set_board(&b, 15, RULE_EXACT5, BLACK, FOUR_AND_GAP);
    assert_int_equal(referee_move(&b, 0, 2), REF_WIN);
}

static void referee_renju_fouls_black_only(void **state)
{
    (void)state;
    static const char *const DOUBLE_THREE[] = {
        "...............", "...............", "...............", "...............",
        "...............", ".......X.......", ".......X.......", ".....XX........",
        "...............", NULL};
    Board b;
    set_board(&b, 15, RULE_RENJU, BLACK, DOUBLE_THREE);
    assert_int_equal(referee_move(&b, 7, 7), REF_FOUL);
    assert_int_equal(b.cell[cell_index(7, 7)], EMPTY); /* nothing played */
    set_board(&b, 15, RULE_RENJU, BLACK, FOUR_AND_GAP);
    assert_int_equal(referee_move(&b, 5, 2), REF_FOUL); /* black overline */
    static const char *const WHITE_GAP[] = {"...............", "...............", ".OOOO.OO.......", NULL};
    set_board(&b, 15, RULE_RENJU, WHITE, WHITE_GAP);
    assert_int_equal(referee_move(&b, 5, 2), REF_WIN); /* white's overline wins */
    set_board(&b, 15, RULE_FREESTYLE, BLACK, DOUBLE_THREE);
    assert_int_equal(referee_move(&b, 7, 7), REF_PLAY_ON); /* no fouls in freestyle */
}

static void referee_caro_needs_an_open_end(void **state)
{
    (void)state;
    static const char *const BLOCKED[] = {"...............", "OXXXX.O........", NULL};
    static const char *const HALF_OPEN[] = {"...............", "OXXXX..........", NULL};
    static const char *const AT_EDGE[] = {"...............", "XXXX.O.........", NULL};
    Board b;
    set_board(&b, 15, RULE_CARO, BLACK, BLOCKED);
    assert_int_equal(referee_move(&b, 5, 1), REF_PLAY_ON);
    set_board(&b, 15, RULE_CARO, BLACK, HALF_OPEN);
    assert_int_equal(referee_move(&b, 5, 1), REF_WIN);
    set_board(&b, 15, RULE_CARO, BLACK, AT_EDGE); /* the edge does not block */
    assert_int_equal(referee_move(&b, 4, 1), REF_WIN);
}

static void referee_refuses_occupied_and_off_board(void **state)
{
    (void)state;
    Board b;
    set_board(&b, 15, RULE_FREESTYLE, BLACK, FOUR_AND_GAP);
    assert_int_equal(referee_move(&b, 1, 2), REF_OCCUPIED);
    assert_int_equal(referee_move(&b, 15, 0), REF_OFF_BOARD);
    assert_int_equal(referee_move(&b, -1, 3), REF_OFF_BOARD);
}

static void referee_calls_a_full_board_a_draw(void **state)
{
    (void)state;
    static const char *const ALMOST_FULL[] = {"XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOO.", NULL};
    Board b;
    set_board(&b, 5, RULE_FREESTYLE, BLACK, ALMOST_FULL);
    assert_int_equal(referee_move(&b, 4, 4), REF_FULL_BOARD);
}

/* ---- a brain's replies ---- */

static void replies_are_moves_chatter_or_other(void **state)
{
    (void)state;
    int x = -9, y = -9;
    assert_int_equal(game_reply_kind("7,8", &x, &y), REPLY_MOVE);
    assert_true(x == 7 && y == 8);
    assert_int_equal(game_reply_kind(" 10 , 3 \t", &x, &y), REPLY_MOVE);
    assert_true(x == 10 && y == 3);
    assert_int_equal(game_reply_kind("-1,3", &x, &y), REPLY_MOVE); /* the referee refuses it */
    assert_int_equal(x, -1);
    assert_int_equal(game_reply_kind("", &x, &y), REPLY_CHATTER);
    assert_int_equal(game_reply_kind("MESSAGE 7,8", &x, &y), REPLY_CHATTER);
    assert_int_equal(game_reply_kind("DEBUG", &x, &y), REPLY_CHATTER);
    assert_int_equal(game_reply_kind("7,8 9,9", &x, &y), REPLY_OTHER);
    assert_int_equal(game_reply_kind("7;8", &x, &y), REPLY_OTHER);
    assert_int_equal(game_reply_kind("7,", &x, &y), REPLY_OTHER);
    assert_int_equal(game_reply_kind("OK", &x, &y), REPLY_OTHER);
    /* numbers past int: no move (sscanf's %d had no defined result for them) */
    assert_int_equal(game_reply_kind("99999999999999999999,1", &x, &y), REPLY_OTHER);
    assert_int_equal(game_reply_kind("1,-2147483649", &x, &y), REPLY_OTHER);
}

/* ---- statistics: expected values from an independent Python computation of the same
 * textbook formulas (logistic Elo; normal-approximation GSPRT as in fishtest's LLR_logistic:
 * N (s1 - s0) (2 mu - s0 - s1) / (2 var); LOS = (1 + erf((W - L) / sqrt(2 (W + L)))) / 2). */

static void elo_of_score_matches_the_logistic_model(void **state)
{
    (void)state;
    assert_float_equal(stats_elo_of_score(0.75), 190.8485018879, 1e-6);
    assert_float_equal(stats_elo_of_score(0.25), -190.8485018879, 1e-6);
    assert_float_equal(stats_elo_of_score(0.5), 0.0, 1e-12);
    assert_float_equal(stats_score_of_elo(100), 0.6400649998, 1e-9);
    assert_true(isinf(stats_elo_of_score(1.0)));
}

static void trinomial_interval_matches(void **state)
{
    (void)state;
    EloEstimate e = stats_elo_trinomial((Wld){30, 20, 50});
    assert_float_equal(e.score, 0.55, 1e-12);
    assert_float_equal(e.elo, 34.8600702876, 1e-6);
    assert_float_equal(e.lo, -12.9296934703, 1e-6);
    assert_float_equal(e.hi, 84.0107626494, 1e-6);
    assert_float_equal(e.margin, 48.4702280599, 1e-6);
}

static void pentanomial_interval_matches(void **state)
{
    (void)state;
    EloEstimate e = stats_elo_pentanomial((Penta){{2, 10, 20, 12, 6}});
    assert_float_equal(e.elo, 34.8600702876, 1e-6);
    assert_float_equal(e.lo, -14.3694419330, 1e-6);
    assert_float_equal(e.hi, 85.5355854593, 1e-6);
    assert_float_equal(e.margin, 49.9525136961, 1e-6);
}

static void los_matches(void **state)
{
    (void)state;
    assert_float_equal(stats_los((Wld){30, 20, 50}), 0.9213503965, 1e-9);
    assert_float_equal(stats_los((Wld){12, 4, 7}), 0.9772498681, 1e-9);
    assert_float_equal(stats_los((Wld){0, 0, 9}), 0.5, 1e-12);
}

static void sprt_llr_and_bounds_match(void **state)
{
    (void)state;
    assert_float_equal(stats_llr_trinomial((Wld){30, 20, 50}, 0, 10), 0.5027458565, 1e-8);
    assert_float_equal(stats_llr_trinomial((Wld){30, 20, 50}, -5, 5), 0.5873536089, 1e-8);
    assert_float_equal(stats_llr_pentanomial((Penta){{2, 10, 20, 12, 6}}, 0, 10), 0.4737412878, 1e-8);
    double lo, hi;
    SprtParams sp = {0, 10, 0.05, 0.05};
    stats_sprt_bounds(&sp, &lo, &hi);
    assert_float_equal(lo, -2.9444389792, 1e-9);
    assert_float_equal(hi, 2.9444389792, 1e-9);
    sp = (SprtParams){0, 10, 0.05, 0.1};
    stats_sprt_bounds(&sp, &lo, &hi);
    assert_float_equal(lo, -2.2512917986, 1e-9);
    assert_float_equal(hi, 2.8903717579, 1e-9);
    assert_int_equal(stats_sprt_verdict(&sp, 0.5), SPRT_CONTINUE);
    assert_int_equal(stats_sprt_verdict(&sp, 3.0), SPRT_H1);
    assert_int_equal(stats_sprt_verdict(&sp, -2.3), SPRT_H0);
}

/* Unseen outcomes count as half a game (see stats.c); values from the same Python check. */
static void sprt_decides_a_one_sided_match_but_not_at_once(void **state)
{
    (void)state;
    SprtParams sp = {-10, 10, 0.05, 0.05};
    assert_float_equal(stats_llr_trinomial((Wld){1, 0, 0}, -10, 10), 0.0418536267, 1e-8);
    assert_float_equal(stats_llr_trinomial((Wld){10, 0, 0}, -10, 10), 2.6198919919, 1e-8);
    assert_float_equal(stats_llr_trinomial((Wld){11, 0, 0}, -10, 10), 3.1356284626, 1e-8);
    assert_float_equal(stats_llr_trinomial((Wld){20, 0, 1}, 0, 10), 4.2190785063, 1e-8);
    assert_float_equal(stats_llr_trinomial((Wld){0, 20, 1}, 0, 10), -4.3550887449, 1e-8);
    assert_int_equal(stats_sprt_verdict(&sp, stats_llr_trinomial((Wld){10, 0, 0}, -10, 10)), SPRT_CONTINUE);
    assert_int_equal(stats_sprt_verdict(&sp, stats_llr_trinomial((Wld){11, 0, 0}, -10, 10)), SPRT_H1);
    assert_int_equal(stats_sprt_verdict(&sp, stats_llr_trinomial((Wld){0, 11, 0}, -10, 10)), SPRT_H0);
    assert_float_equal(stats_llr_trinomial((Wld){0, 0, 0}, 0, 10), 0.0, 0);
}

/* ---- records ---- */

static void sample_record(GameRecord *r)
{
    memset(r, 0, sizeof *r);
    r->id = 41;
    r->engine[0] = 2;
    r->engine[1] = 0;
    strcpy(r->name[0], "paper-2");
    strcpy(r->name[1], "gamok");
    r->opening_index = 5;
    r->symmetry = 3;
    r->size = 15;
    r->rule = 4;
    r->winner = WHITE;
    r->end = END_BAD_REPLY;
    strcpy(r->detail, "black answered \"x]\\y\" instead of a move");
    r->nopening = 3;
    int cells[][2] = {{7, 7}, {8, 6}, {9, 9}, {0, 14}, {14, 0}};
    for (int i = 0; i < 5; i++) {
        r->moves[i] = (uint16_t)cell_index(cells[i][0], cells[i][1]);
        r->ms[i] = i < 3 ? 0 : 100 * i + 7;
    }
    r->nmoves = 5;
    r->peak_rss_kb[0] = 51234;
    r->peak_rss_kb[1] = 7;
}

static void assert_same_moves(const GameRecord *a, const GameRecord *b, bool times)
{
    assert_int_equal(a->nmoves, b->nmoves);
    for (int i = 0; i < a->nmoves; i++) {
        assert_int_equal(a->moves[i], b->moves[i]);
        if (times) assert_int_equal(a->ms[i], b->ms[i]);
    }
}

static void json_line_round_trips(void **state)
{
    (void)state;
    GameRecord r, back;
    char line[8192];
    sample_record(&r);
    assert_int_equal(record_to_json(&r, line, sizeof line), 0);
    assert_null(strchr(line, '\n'));
    assert_int_equal(record_from_json(line, &back), 0);
    assert_int_equal(back.id, 41);
    assert_int_equal(back.engine[0], 2);
    assert_string_equal(back.name[0], "paper-2");
    assert_string_equal(back.detail, r.detail);
    assert_int_equal(back.winner, WHITE);
    assert_int_equal(back.end, END_BAD_REPLY);
    assert_int_equal(back.rule, 4);
    assert_int_equal(back.symmetry, 3);
    assert_int_equal(back.nopening, 3);
    assert_same_moves(&r, &back, true);
    assert_int_equal(back.peak_rss_kb[0], 51234);
    assert_int_equal(back.peak_rss_kb[1], 7);
    /* a line of an older run, without the peak memory fields, reads as "not known" */
    char *rss = strstr(line, ",\"black_rss_kb\"");
    assert_non_null(rss);
    strcpy(rss, "}");
    assert_int_equal(record_from_json(line, &back), 0);
    assert_int_equal(back.peak_rss_kb[0], 0);
    assert_int_equal(back.peak_rss_kb[1], 0);
    assert_int_equal(record_to_json(&r, line, sizeof line), 0);
    assert_int_equal(record_to_json(&r, line, 40), -1); /* too small: refused, not cut */
    line[strlen(line) / 2] = 0;                        /* a torn line does not parse */
    assert_int_equal(record_from_json(line, &back), -1);
}

/* The JSON of the sample record with one field's text replaced: `key` "...":VALUE. */
static int parse_with(const char *key, const char *value)
{
    GameRecord r, back;
    char line[8192], edited[8192], pat[64];
    sample_record(&r);
    assert_int_equal(record_to_json(&r, line, sizeof line), 0);
    snprintf(pat, sizeof pat, "\"%s\":", key);
    char *at = strstr(line, pat);
    assert_non_null(at);
    at += strlen(pat);
    size_t end = strcspn(at, ",}");
    if (*at == '"') end = (size_t)(strchr(at + 1, '"') - at) + 1;
    snprintf(edited, sizeof edited, "%.*s%s%s", (int)(at - line), line, value, at + end);
    return record_from_json(edited, &back);
}

/* Fuzzing found these (tests/fuzz/regressions/results/): a line that no run wrote must not
 * reach the report (a 425930425-cell board overflowed its SVG size), and a string that ends in
 * the middle of an escape is not read past its end. */
static void json_lines_out_of_range_are_refused(void **state)
{
    (void)state;
    assert_int_equal(parse_with("size", "15"), 0);
    assert_int_equal(parse_with("size", "425930425"), -1);
    assert_int_equal(parse_with("size", "4"), -1);
    assert_int_equal(parse_with("id", "-1"), -1);
    assert_int_equal(parse_with("id", "4294967337"), -1); /* past int: not cut to 41 */
    assert_int_equal(parse_with("white_engine", "16"), -1);
    assert_int_equal(parse_with("symmetry", "8"), -1);
    assert_int_equal(parse_with("opening", "-3"), -1);
    assert_int_equal(parse_with("rule", "12"), -1);
    assert_int_equal(parse_with("opening_stones", "6"), -1); /* more than the 5 moves */
    assert_int_equal(parse_with("moves", "\"7,7 8,6 9,9 0,14 15,0\""), -1); /* off 15x15 */
    assert_int_equal(parse_with("moves", "\"7,7 8,6 9,9 0,14 14,0\""), 0);
    GameRecord back;
    char *torn = strdup("{\"id\":1,\"black\":\"ab\\u"); /* exact size: ASan sees past it */
    assert_non_null(torn);
    assert_int_equal(record_from_json(torn, &back), -1);
    free(torn);
}

static void sgf_round_trips(void **state)
{
    (void)state;
    GameRecord r, back;
    sample_record(&r);
    FILE *f = tmpfile();
    record_write_sgf(&r, f);
    rewind(f);
    char text[4096] = "";
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    assert_non_null(strstr(text, "GM[4]"));
    assert_non_null(strstr(text, "SZ[15]"));
    assert_non_null(strstr(text, "RU[4]"));
    assert_non_null(strstr(text, "RE[W+F]"));
    assert_non_null(strstr(text, ";W[ao]C[307 ms]"));
    rewind(f);
    assert_int_equal(record_read_sgf(f, &back), 0);
    fclose(f);
    assert_int_equal(back.size, 15);
    assert_int_equal(back.rule, 4);
    assert_string_equal(back.name[1], "gamok");
    assert_int_equal(back.winner, WHITE);
    assert_int_equal(back.nopening, 3);
    assert_same_moves(&r, &back, true);
}

static void psq_round_trips(void **state)
{
    (void)state;
    GameRecord r, back;
    sample_record(&r);
    FILE *f = tmpfile();
    record_write_psq(&r, f);
    rewind(f);
    char first[64];
    assert_non_null(fgets(first, sizeof first, f));
    assert_string_equal(first, "Piskvorky 15x15, 11:11, 0\n");
    assert_non_null(fgets(first, sizeof first, f));
    assert_string_equal(first, "8,8,0\n"); /* 1-based */
    rewind(f);
    assert_int_equal(record_read_psq(f, &back), 0);
    fclose(f);
    assert_int_equal(back.size, 15);
    assert_same_moves(&r, &back, true);
}

static void pgn_names_the_first_player_white(void **state)
{
    (void)state;
    GameRecord r;
    sample_record(&r);
    FILE *f = tmpfile();
    record_write_pgn(&r, f);
    rewind(f);
    char text[1024] = "";
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    assert_non_null(strstr(text, "[White \"paper-2\"]")); /* Gomoku's black moves first */
    assert_non_null(strstr(text, "[Result \"0-1\"]"));
}

/* A five by black along row 7, as a record: black 3..7, white 3..6 on row 8. */
static void five_record(GameRecord *r, int id, int black, int white)
{
    memset(r, 0, sizeof *r);
    r->id = id;
    r->engine[0] = black;
    r->engine[1] = white;
    snprintf(r->name[0], ARENA_NAME_MAX, "e%d", black);
    snprintf(r->name[1], ARENA_NAME_MAX, "e%d", white);
    r->size = 15;
    r->winner = BLACK;
    r->end = END_FIVE;
    strcpy(r->detail, "black made five");
    for (int i = 0; i < 9; i++) {
        r->moves[i] = (uint16_t)cell_index(3 + i / 2, i % 2 ? 8 : 7);
        r->ms[i] = 10;
    }
    r->nmoves = 9;
}

/* A drawn game between the two (the move limit), on five_record's moves. */
static void drawn_record(GameRecord *r, int id, int black, int white)
{
    five_record(r, id, black, white);
    r->winner = 0;
    r->end = END_MOVE_LIMIT;
    strcpy(r->detail, "move limit");
}

/* The report of these records as one string (the caller frees it). */
static char *report_text(const GameRecord *recs, int n, char names[][ARENA_NAME_MAX], int nengines,
                         const char *title)
{
    char path[] = "/tmp/gamok-report-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(report_html(path, title, recs, n, names, nengines, NULL), 0);
    FILE *f = fdopen(fd, "r");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    char *html = malloc((size_t)size + 1);
    assert_non_null(html);
    assert_int_equal(fread(html, 1, (size_t)size, f), (size_t)size);
    html[size] = 0;
    fclose(f);
    remove(path);
    return html;
}

static int count_of(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)); p++) n++;
    return n;
}

static void html_report_draws_boards_and_the_winning_line(void **state)
{
    (void)state;
    GameRecord recs[2];
    five_record(&recs[0], 0, 0, 1);
    five_record(&recs[1], 1, 1, 0);
    char names[2][ARENA_NAME_MAX] = {"e0", "e1"};
    char *html = report_text(recs, 2, names, 2, "cmd <x>");
    assert_int_equal(count_of(html, "<svg class=\"board\""), 2);
    assert_int_equal(count_of(html, "stroke=\"#e00\""), 2);
    assert_non_null(strstr(html, "cmd &lt;x&gt;")); /* text is escaped */
    assert_non_null(strstr(html, ">9</text>"));     /* stones are numbered */
    assert_null(strstr(html, "src=")); /* nothing to fetch: it opens with no network */
    assert_null(strstr(html, "href="));
    assert_null(strstr(html, "<script"));
    free(html);
}

/* Copies the `attr` value of the first `element` in the chart titled "A vs B: ..." into out;
 * false when that chart has no such element. */
static bool chart_attr(const char *html, const char *a, const char *b, const char *element,
                       const char *attr, char *out, size_t cap)
{
    char title[160];
    snprintf(title, sizeof title, ">%s vs %s: score of %s</text>", a, b, a);
    const char *chart = strstr(html, title);
    assert_non_null(chart);
    const char *end = strstr(chart, "</svg>"), *at = strstr(chart, element);
    if (!at || at > end) return false;
    snprintf(title, sizeof title, "%s=\"", attr);
    const char *value = strstr(at, title);
    assert_non_null(value);
    value += strlen(title);
    size_t len = (size_t)(strchr(value, '"') - value);
    assert_true(len < cap);
    memcpy(out, value, len);
    out[len] = 0;
    return true;
}

/* Three engines, every result kind: e0-e1 win, loss, win; e0-e2 win, loss; e1-e2 win, draw
 * (the first engine's side; five_record's black always wins). */
static int three_engine_records(GameRecord *recs)
{
    five_record(&recs[0], 0, 0, 1);
    five_record(&recs[1], 1, 1, 0);
    five_record(&recs[2], 2, 0, 2);
    five_record(&recs[3], 3, 2, 0);
    five_record(&recs[4], 4, 1, 2);
    drawn_record(&recs[5], 5, 2, 1);
    five_record(&recs[6], 6, 0, 1);
    return 7;
}

static void score_charts_follow_each_pairing_game_by_game(void **state)
{
    (void)state;
    GameRecord recs[7];
    int n = three_engine_records(recs);
    char names[3][ARENA_NAME_MAX] = {"e0", "e1", "e2"};
    char *html = report_text(recs, n, names, 3, "rr");
    char points[256];
    assert_int_equal(count_of(html, "<svg class=\"chart\""), 3);
    assert_int_equal(count_of(html, "<polyline class=\"score\""), 3); /* one line per pairing */
    /* x = the pairing's game, y = the first engine's running score in %: as many points as
     * games, the last one the pairing's final score. */
    assert_true(chart_attr(html, "e0", "e1", "<polyline", "points", points, sizeof points));
    assert_string_equal(points, "1,100.0 2,50.0 3,66.7");
    assert_true(chart_attr(html, "e0", "e2", "<polyline", "points", points, sizeof points));
    assert_string_equal(points, "1,100.0 2,50.0");
    assert_true(chart_attr(html, "e1", "e2", "<polyline", "points", points, sizeof points));
    assert_string_equal(points, "1,100.0 2,75.0");
    /* The band is the Elo estimate's 95% interval on the score axis, from the second distinct
     * result on: W L W is 2/3 +- 1.96 sqrt((2/9) / 3), clipped to [0, 1]. */
    assert_true(chart_attr(html, "e0", "e1", "<polygon", "points", points, sizeof points));
    assert_string_equal(points, "2,100.0 3,100.0 3,13.3 2,0.0 ");
    assert_true(chart_attr(html, "e1", "e2", "<polygon", "points", points, sizeof points));
    assert_string_equal(points, "2,100.0 2,40.4 "); /* W D: 3/4 +- 1.96 sqrt(1/16 / 2) */
    assert_non_null(strstr(html, "e0 scored 66.7% in 3 games"));
    free(html);
}

static void a_one_sided_match_has_no_band(void **state)
{
    (void)state;
    GameRecord recs[2];
    five_record(&recs[0], 0, 0, 1);
    five_record(&recs[1], 1, 0, 1); /* e0 wins both: no variance, no interval */
    char names[2][ARENA_NAME_MAX] = {"e0", "e1"};
    char *html = report_text(recs, 2, names, 2, "pair");
    char points[256];
    assert_true(chart_attr(html, "e0", "e1", "<polyline", "points", points, sizeof points));
    assert_string_equal(points, "1,100.0 2,100.0");
    assert_false(chart_attr(html, "e0", "e1", "<polygon", "points", points, sizeof points));
    free(html);
}

/* The text of cell (row, col) of the crosstable: the col-th <td> of the row headed `row`. */
static void crosstable_cell_text(const char *html, const char *row, int col, char *out, size_t cap)
{
    char head[96];
    const char *table = strstr(html, "<table class=\"crosstable\">");
    assert_non_null(table);
    snprintf(head, sizeof head, "<tr><th>%s</th>", row);
    const char *cell = strstr(table, head);
    assert_non_null(cell);
    for (int i = 0; i <= col; i++) {
        cell = strstr(cell + 1, "<td");
        assert_non_null(cell);
    }
    cell = strchr(cell, '>') + 1;
    size_t len = (size_t)(strstr(cell, "</td>") - cell);
    assert_true(len < cap);
    memcpy(out, cell, len);
    out[len] = 0;
}

static void assert_cell(const char *html, const char *row, int col, const char *want)
{
    char text[64];
    crosstable_cell_text(html, row, col, text, sizeof text);
    assert_string_equal(text, want);
}

static void crosstable_holds_each_pairings_score(void **state)
{
    (void)state;
    GameRecord recs[7];
    int n = three_engine_records(recs);
    char names[3][ARENA_NAME_MAX] = {"e0", "e1", "e2"};
    char *html = report_text(recs, n, names, 3, "rr");
    assert_int_equal(count_of(html, "<table class=\"crosstable\">"), 1);
    assert_cell(html, "e0", 0, "");
    assert_cell(html, "e0", 1, "2.0/3 (66.7%)");
    assert_cell(html, "e0", 2, "1.0/2 (50.0%)");
    assert_cell(html, "e1", 0, "1.0/3 (33.3%)");
    assert_cell(html, "e1", 1, "");
    assert_cell(html, "e1", 2, "1.5/2 (75.0%)");
    assert_cell(html, "e2", 0, "1.0/2 (50.0%)");
    assert_cell(html, "e2", 1, "0.5/2 (25.0%)");
    assert_cell(html, "e2", 2, "");
    assert_int_equal(count_of(html, "<td class=\"diag\">"), 3);
    free(html);
    /* A gauntlet: e1 and e2 never meet, their cells stay empty (no 0/0). */
    html = report_text(recs, 4, names, 3, "gauntlet");
    assert_cell(html, "e1", 2, "");
    assert_cell(html, "e2", 1, "");
    assert_cell(html, "e2", 0, "1.0/2 (50.0%)");
    free(html);
}

static void crosstable_needs_more_than_two_engines(void **state)
{
    (void)state;
    GameRecord recs[2];
    five_record(&recs[0], 0, 0, 1);
    five_record(&recs[1], 1, 1, 0);
    char names[2][ARENA_NAME_MAX] = {"e0", "e1"};
    char *html = report_text(recs, 2, names, 2, "pair");
    assert_null(strstr(html, "<table class=\"crosstable\">"));
    assert_int_equal(count_of(html, "<polyline class=\"score\""), 1);
    free(html);
}

static void report_escapes_names(void **state)
{
    (void)state;
    GameRecord recs[7];
    int n = three_engine_records(recs);
    const char *odd = "x<i>&\"'";
    char names[3][ARENA_NAME_MAX] = {"e0", "e1", ""};
    snprintf(names[2], ARENA_NAME_MAX, "%s", odd);
    for (int i = 0; i < n; i++)
        for (int s = 0; s < 2; s++)
            if (recs[i].engine[s] == 2) snprintf(recs[i].name[s], ARENA_NAME_MAX, "%s", odd);
    char *html = report_text(recs, n, names, 3, "title '<i>'");
    assert_null(strstr(html, "<i>"));
    assert_null(strstr(html, "&\"'"));
    const char *escaped = "x&lt;i&gt;&amp;&quot;&#39;";
    assert_non_null(strstr(html, "<th>x&lt;i&gt;&amp;&quot;&#39;</th>"));  /* crosstable */
    char title[128];
    snprintf(title, sizeof title, ">e1 vs %s: score of e1</text>", escaped); /* chart */
    assert_non_null(strstr(html, title));
    snprintf(title, sizeof title, "%s (black) vs e0", escaped);              /* a game */
    assert_non_null(strstr(html, title));
    assert_non_null(strstr(html, "title &#39;&lt;i&gt;&#39;"));
    free(html);
}

static void pairs_count_once_in_the_pentanomial(void **state)
{
    (void)state;
    GameRecord recs[3];
    five_record(&recs[0], 0, 0, 1); /* e0 wins as black */
    five_record(&recs[1], 1, 1, 0); /* e1 wins as black: the pair is 1-1 */
    five_record(&recs[2], 2, 0, 1); /* its mate (id 3) is missing: no pair */
    PairStats ps = report_pair(recs, 3, 0, 1);
    assert_int_equal(ps.wld.w, 2);
    assert_int_equal(ps.wld.l, 1);
    assert_int_equal(ps.npairs, 1);
    assert_int_equal(ps.penta.n[2], 1);
}

/* ---- schedule ---- */

static void round_robin_pairs_swap_colours(void **state)
{
    (void)state;
    ScheduleSpec s = {.nengines = 3, .nopenings = 4, .max_openings = 2, .rounds = 1, .swap = true, .seed = 1};
    ScheduledGame *g;
    int n = schedule_build(&s, &g);
    assert_int_equal(n, 3 * 2 * 2);
    for (int i = 0; i < n; i += 2) {
        assert_int_equal(g[i].id, i);
        assert_int_equal(g[i].black, g[i + 1].white);
        assert_int_equal(g[i].white, g[i + 1].black);
        assert_int_equal(g[i].opening, g[i + 1].opening);
    }
    free(g);
    s.gauntlet = true;
    n = schedule_build(&s, &g);
    assert_int_equal(n, 2 * 2 * 2);
    for (int i = 0; i < n; i++) assert_true(g[i].black == 0 || g[i].white == 0);
    free(g);
}

static void random_order_depends_only_on_the_seed(void **state)
{
    (void)state;
    ScheduleSpec s = {.nengines = 2, .nopenings = 20, .rounds = 2, .random_order = true,
                      .symmetry = true, .swap = true, .seed = 42};
    ScheduledGame *a, *b, *c;
    int n = schedule_build(&s, &a);
    assert_int_equal(schedule_build(&s, &b), n);
    s.seed = 43;
    assert_int_equal(schedule_build(&s, &c), n);
    int differ = 0, used[20] = {0};
    for (int i = 0; i < n; i++) {
        assert_memory_equal(&a[i], &b[i], sizeof a[i]);
        differ += a[i].opening != c[i].opening;
        if (i < n / 2) used[a[i].opening]++;
    }
    assert_true(differ > 0);
    for (int k = 0; k < 20; k++) assert_int_equal(used[k], 2); /* every opening, both colours */
    free(a); free(b); free(c);
}

static void shards_split_whole_pairs(void **state)
{
    (void)state;
    for (int id = 0; id < 40; id++) {
        int owners = 0;
        for (int s = 1; s <= 3; s++) owners += schedule_in_shard(id, true, s, 3);
        assert_int_equal(owners, 1);
        for (int s = 1; s <= 3; s++)
            assert_int_equal(schedule_in_shard(id, true, s, 3), schedule_in_shard(id ^ 1, true, s, 3));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(offset_format_parses_pairs),
        cmocka_unit_test(offset_format_rejects_bad_lines),
        cmocka_unit_test(pos_format_parses_letters_and_rows),
        cmocka_unit_test(file_errors_name_the_line),
        cmocka_unit_test(openings_that_do_not_fit_are_refused),
        cmocka_unit_test(symmetries_map_the_board_onto_itself),
        cmocka_unit_test(referee_freestyle_overline_wins),
        cmocka_unit_test(referee_exact_five_overline_plays_on),
        cmocka_unit_test(referee_renju_fouls_black_only),
        cmocka_unit_test(referee_caro_needs_an_open_end),
        cmocka_unit_test(referee_refuses_occupied_and_off_board),
        cmocka_unit_test(referee_calls_a_full_board_a_draw),
        cmocka_unit_test(replies_are_moves_chatter_or_other),
        cmocka_unit_test(elo_of_score_matches_the_logistic_model),
        cmocka_unit_test(trinomial_interval_matches),
        cmocka_unit_test(pentanomial_interval_matches),
        cmocka_unit_test(los_matches),
        cmocka_unit_test(sprt_llr_and_bounds_match),
        cmocka_unit_test(sprt_decides_a_one_sided_match_but_not_at_once),
        cmocka_unit_test(json_line_round_trips),
        cmocka_unit_test(json_lines_out_of_range_are_refused),
        cmocka_unit_test(sgf_round_trips),
        cmocka_unit_test(psq_round_trips),
        cmocka_unit_test(pgn_names_the_first_player_white),
        cmocka_unit_test(html_report_draws_boards_and_the_winning_line),
        cmocka_unit_test(score_charts_follow_each_pairing_game_by_game),
        cmocka_unit_test(a_one_sided_match_has_no_band),
        cmocka_unit_test(crosstable_holds_each_pairings_score),
        cmocka_unit_test(crosstable_needs_more_than_two_engines),
        cmocka_unit_test(report_escapes_names),
        cmocka_unit_test(pairs_count_once_in_the_pentanomial),
        cmocka_unit_test(round_robin_pairs_swap_colours),
        cmocka_unit_test(random_order_depends_only_on_the_seed),
        cmocka_unit_test(shards_split_whole_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
