/* Threat tests the game tree uses to keep forcing moves that a static ranking undervalues. */
#ifndef GAMOK_THREATS_H
#define GAMOK_THREATS_H

#include <stdbool.h>

#include "brain/board.h"

/* True when the side to move, playing the empty `cell`, would then have a five to play (the
 * move makes a four). The board is restored before returning. */
bool threat_makes_four(Board *b, int cell);

/* How the defender (to move) must meet the attacker's five points: the one answer to a four
 * that every threat search and the tree share. */
typedef enum FourReply {
    FOUR_NONE,  /* the attacker has no five to play */
    FOUR_BLOCK, /* one, which the defender may block: on *block */
    FOUR_WINS,  /* two, or one that renju black may not block: the attacker wins */
} FourReply;

FourReply threat_four_reply(const Board *b, int attacker, int *block);

#endif
