/* The tournament referee: judges each move with brain/rules (the one owner of every rule) and
 * says whether the game goes on, is won, drawn, or lost by the mover. */
#ifndef GAMOK_REFEREE_H
#define GAMOK_REFEREE_H

#include "brain/board.h"

typedef enum {
    REF_PLAY_ON = 0,
    REF_WIN,        /* the mover made a winning line: the mover wins */
    REF_FULL_BOARD, /* the move filled the board without a win: draw */
    REF_OFF_BOARD,  /* not on the board: the mover loses, nothing is played */
    REF_OCCUPIED,   /* on a stone: the mover loses, nothing is played */
    REF_FOUL        /* renju: black played a forbidden point: black loses, nothing is played */
} RefVerdict;

/* Judges the side to move playing x,y; plays it when it is legal. */
RefVerdict referee_move(Board *b, int x, int y);
/* The cells of the winning line through the stone on `cell` (ordered along the line); returns
 * how many (0 when that stone is not part of a win). */
int referee_win_line(const Board *b, int cell, int *cells, int max);

#endif
