/* Threat tests the game tree uses to keep forcing moves that a static ranking undervalues. */
#ifndef GAMOK_THREATS_H
#define GAMOK_THREATS_H

#include <stdbool.h>

#include "brain/board.h"

/* True when the side to move, playing the empty `cell`, would then have a five to play (the
 * move makes a four). The board is restored before returning. */
bool threat_makes_four(Board *b, int cell);

#endif
