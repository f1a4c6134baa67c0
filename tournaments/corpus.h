/* The game corpus (corpus/RULE-SIZE.txt, and files of games from elsewhere such as
 * corpus/0-15-vs-rapfi.txt): one finished game a line, compact and readable, grown by
 * tournaments/corpus.sh or `gamok-corpus add` and read by the trainer (tournaments/train.h).
 *
 *   RULE SIZE OPENING RESULT TC BLACK WHITE MOVES
 *   0 15 3 B 100ms rapfi aiwine h8i9g7h7...
 *
 * RULE is the Gomocup rule (0, 1, 4, 8); OPENING the number of opening stones at the start of
 * MOVES; RESULT B (black won), W (white won) or D (drawn); TC the time control the game was
 * played at; BLACK and WHITE the engines' names; MOVES the stones in play order, each a letter
 * for x (a = 0) and a number for y (1 = 0), as in "h8" (x 7, y 7). Lines starting with # are
 * comments. A game's key is a hash of its rule, size and moves: it finds duplicates and puts a
 * game in the held-out split, for good (the split never changes as the corpus grows). */
#ifndef GAMOK_CORPUS_H
#define GAMOK_CORPUS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "tournaments/game.h"
#include "tournaments/results.h"

#define CORPUS_TC_MAX 16
#define CORPUS_LINE_MAX (64 + 2 * ARENA_NAME_MAX + 4 * BOARD_CELLS)

/* One in CORPUS_HOLD_OUT games (by key) is held out of training. */
enum { CORPUS_HOLD_OUT = 10 };

uint64_t corpus_game_key(const GameRecord *g);
bool corpus_held_out(const GameRecord *g);

/* Whether a finished game belongs in a corpus: it ended on the board (a five, a full board,
 * the move limit or a renju foul), not by a crash, the clock or a bad reply, whose result
 * says nothing about the position. */
bool corpus_keeps(const GameRecord *g);

/* Whether a game is a brain against its own copy: WHITE is BLACK followed by "-2" or the other
 * way round, as tournaments/corpus.sh SELF_PLAY=1 names the copy. */
bool corpus_self_play(const GameRecord *g);

/* Writes `g` as one line (with its newline). Returns 0 or -1. */
int corpus_write(FILE *f, const GameRecord *g, const char *tc);
/* Reads one stone in MOVES's notation ("h8") at *s on a board of `size` and moves *s past it.
 * Returns the cell (cell_index), or -1 when there is none (*s stays). */
int corpus_parse_cell(const char **s, int size);
/* Parses one line into `g` (and its time control into tc, CORPUS_TC_MAX bytes, when not
 * NULL). Returns 0, 1 for a comment or blank line, -1 when the line is malformed. */
int corpus_parse(const char *line, GameRecord *g, char *tc);
/* Appends every game of a corpus file to `l`. Malformed lines are skipped and counted in
 * *skipped. A missing file is an empty one. Returns 0 or -1 (no memory). */
int corpus_load(const char *path, RecordList *l, int *skipped);

#endif
