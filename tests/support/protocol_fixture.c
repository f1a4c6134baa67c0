#define _POSIX_C_SOURCE 200809L
#include "tests/support/protocol_fixture.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

ProtoFixture *pf_open(int max_depth)
{
    ProtoFixture *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    EngineOptions opts;
    engine_default_options(&opts);
    opts.max_depth = max_depth;
    engine_init(&f->engine, &opts);
    f->out = open_memstream(&f->buf, &f->size);
    if (!f->out) { engine_free(&f->engine); free(f); return NULL; }
    protocol_init(&f->proto, &f->engine, f->out);
    f->proto.messages = false;
    return f;
}

void pf_close(ProtoFixture *f)
{
    protocol_free(&f->proto);
    engine_free(&f->engine);
    fclose(f->out);
    free(f->buf);
    free(f);
}

const char *pf_said(ProtoFixture *f, int *cut)
{
    fflush(f->out);
    size_t n = f->size - f->seen;
    *cut = n >= sizeof f->reply;
    if (*cut) n = sizeof f->reply - 1;
    memcpy(f->reply, f->buf + f->seen, n);
    f->reply[n] = 0;
    f->seen = f->size;
    return f->reply;
}

const char *pf_send(ProtoFixture *f, const char *line)
{
    assert_int_equal(protocol_feed(&f->proto, line), PROTO_CONTINUE);
    int cut;
    const char *reply = pf_said(f, &cut);
    assert_false(cut);
    return reply;
}

void pf_expect_reply(ProtoFixture *f, const char *line, const char *reply)
{
    const char *got = pf_send(f, line);
    if (strcmp(got, reply) != 0)
        fail_msg("'%s' answered '%s', expected '%s'", line, got, reply);
}

void pf_expect_error(ProtoFixture *f, const char *line)
{
    const char *got = pf_send(f, line);
    if (strncmp(got, "ERROR ", 6) != 0 || strchr(got, '\n') != got + strlen(got) - 1)
        fail_msg("'%s' answered '%s', expected one ERROR line", line, got);
}

void pf_send_yxboard(ProtoFixture *f, const Board *b)
{
    char line[32];
    pf_expect_reply(f, "YXBOARD", "");
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int c = board_at(b, x, y);
            if (c == EMPTY)
                continue;
            int field = c == BLOCKER ? 3 : c == b->to_move ? 1 : 2;
            snprintf(line, sizeof line, "%d,%d,%d", x, y, field);
            pf_expect_reply(f, line, "");
        }
    pf_expect_reply(f, "DONE", "");
}
