/* The brain's main loop: reads stdin-like input line by line and keeps reading while a search
 * runs in a worker thread, so that END and YXSTOP act at once. */
#ifndef GAMOK_LOOP_H
#define GAMOK_LOOP_H

#include "protocol/protocol.h"

/* Runs the protocol on `in_fd` until END or end of input; returns the exit status.
 * While a search runs: END exits at once with no more output (_exit), YXSTOP stops the search
 * (its move is then printed), end of input exits quietly, and any other line waits for the
 * search's reply before it is handled, so replies keep the order of the commands. */
int protocol_loop(Protocol *p, int in_fd);

#endif
