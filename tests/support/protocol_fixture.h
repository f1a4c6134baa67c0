/* An engine and the protocol core writing to memory: what protocol tests drive in synchronous
 * mode and read back line by line. */
#ifndef GAMOK_TEST_PROTOCOL_FIXTURE_H
#define GAMOK_TEST_PROTOCOL_FIXTURE_H

#include <stddef.h>
#include <stdio.h>

#include "brain/engine.h"
#include "protocol/protocol.h"

typedef struct ProtoFixture {
    Engine engine;
    Protocol proto;
    FILE *out;
    char *buf;          /* open_memstream's buffer */
    size_t size;
    size_t seen;        /* bytes of buf already returned by pf_said() */
    char reply[1 << 16];
} ProtoFixture;

/* A started-from-scratch engine whose tree stops at `max_depth` (quick thinking), MESSAGE lines
 * off. NULL when out of memory. */
ProtoFixture *pf_open(int max_depth);
void pf_close(ProtoFixture *f);
/* What the protocol wrote since the last call (cut to sizeof reply - 1 bytes; *cut set then). */
const char *pf_said(ProtoFixture *f, int *cut);

/* Feeds one line (synchronous: a search runs inline) and returns the whole reply; fails the test
 * unless the line is handled and the reply fits. */
const char *pf_send(ProtoFixture *f, const char *line);
/* Fails the test unless `line` is answered with exactly `reply`. */
void pf_expect_reply(ProtoFixture *f, const char *line, const char *reply);
/* Fails the test unless `line` is answered with exactly one line starting with ERROR. */
void pf_expect_error(ProtoFixture *f, const char *line);
/* Sends `b` as YXBOARD ... DONE (own stones: the side to move's, BLOCKER as field 3) and checks
 * that nothing is answered. */
void pf_send_yxboard(ProtoFixture *f, const Board *b);

#endif
