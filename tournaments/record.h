/* Game records: the results file (one JSON object per line, the runner's source of truth,
 * appended as games finish), SGF and Piskvork PSQ per game, and PGN for BayesElo/Ordo. */
#ifndef GAMOK_RECORD_H
#define GAMOK_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tournaments/game.h"

/* "1-0" when black (the first player) won, "0-1" white, "1/2-1/2" a draw. */
const char *record_result(const GameRecord *r);

/* One JSON line (no newline). Returns 0, or -1 when `cap` is too small. */
int record_to_json(const GameRecord *r, char *out, size_t cap);
/* Parses a line written by record_to_json. Returns 0 or -1. */
int record_from_json(const char *line, GameRecord *r);

void record_write_sgf(const GameRecord *r, FILE *f);
/* Reads back what record_write_sgf wrote: size, rule, names, winner and the moves. */
int record_read_sgf(FILE *f, GameRecord *r);
void record_write_psq(const GameRecord *r, FILE *f);
/* Reads back a PSQ: size and moves (with their times). */
int record_read_psq(FILE *f, GameRecord *r);
/* PGN for rating tools: White = the first player (Gomoku's black), so "1-0" means the first
 * player won, as BayesElo and Ordo read it. */
void record_write_pgn(const GameRecord *r, FILE *f);

#endif
