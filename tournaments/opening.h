/* Openings: the stones a game starts from, read from files in either format managers use.
 *   offset format (Gomocup):  "0,0, 1,-1, 2,0"  pairs dx,dy from the centre floor(size/2)
 *   pos format:               "h8i9j8"          column letter a.. then 1-based row number
 * Stones alternate colours from black. Blank lines and lines starting with '#' are skipped. */
#ifndef GAMOK_OPENING_H
#define GAMOK_OPENING_H

#include <stdbool.h>
#include <stddef.h>

#include "brain/board.h"

#define OPENING_MAX_STONES 64

typedef enum { OPEN_OFFSET, OPEN_POS } OpeningFormat;

typedef struct Opening {
    int n;
    bool centred;                 /* offset format: x,y below are offsets from the centre */
    int x[OPENING_MAX_STONES];    /* pos format: absolute 0-based column */
    int y[OPENING_MAX_STONES];    /* pos format: absolute 0-based row */
} Opening;

typedef struct OpeningSet {
    Opening *items;
    int count;
} OpeningSet;

/* Parses one line in the given format. Returns 0, or -1 with a reason in `err`. */
int opening_parse(const char *line, OpeningFormat fmt, Opening *o, char *err, size_t cap);
/* Loads every opening of a file. Returns 0, or -1 with "file:line: reason" in `err`. */
int opening_load(const char *path, OpeningFormat fmt, OpeningSet *set, char *err, size_t cap);
void opening_set_free(OpeningSet *set);

/* Symmetry 0..7 of the square board (0 = identity), applied to absolute coordinates. */
void opening_transform(int size, int sym, int *x, int *y);
/* Places the opening on an empty board (rule and size already set), symmetry `sym` applied.
 * Returns 0, or -1 with a reason: off the board, a stone on a stone, a forbidden stone or a
 * finished game (an opening must leave a game to play). */
int opening_apply(const Opening *o, int sym, Board *b, char *err, size_t cap);
/* Writes the opening as an offset-format line ("0,0, 1,-1") relative to the board's centre. */
void opening_format(const Opening *o, int size, char *out, size_t cap);

#endif
