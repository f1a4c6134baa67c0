/* The protocol core: line dispatch and the reply writer. */
#include "protocol/protocol.h"

#include <stdarg.h>
#include <string.h>

#include "brain/clock.h"
#include "protocol/commands.h"
#include "protocol/lineio.h"
#include "protocol/parse.h"

/* Long enough for the longest reply: FORBID with every cell of a 22x22 board. */
#define REPLY_MAX (8 + 4 * BOARD_CELLS + 64)

void protocol_init(Protocol *p, Engine *engine, FILE *out)
{
    memset(p, 0, sizeof *p);
    p->engine = engine;
    p->out = out;
    p->messages = true;
    pthread_mutex_init(&p->out_lock, NULL);
    engine_set_progress(engine, proto_progress, p);
}

void protocol_free(Protocol *p)
{
    pthread_mutex_destroy(&p->out_lock);
}

void proto_reply(Protocol *p, const char *fmt, ...)
{
    char text[REPLY_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&p->out_lock);
    if (!p->silenced) {
        fputs(text, p->out);
        fputc('\n', p->out);
        fflush(p->out);
    }
    pthread_mutex_unlock(&p->out_lock);
}

void protocol_silence(Protocol *p)
{
    pthread_mutex_lock(&p->out_lock);
    p->silenced = true;
    fflush(p->out);
    pthread_mutex_unlock(&p->out_lock);
}

void proto_engine_error(Protocol *p, EngineError err)
{
    proto_reply(p, "ERROR %s", engine_error_text(err));
}

bool proto_require_started(Protocol *p)
{
    if (p->engine->started)
        return true;
    proto_engine_error(p, ENGINE_ERR_NOT_STARTED);
    return false;
}

static const struct {
    const char *word;
    CommandFn fn;
} COMMANDS[] = {
    {"START", cmd_start},         {"RECTSTART", cmd_rectstart},
    {"RESTART", cmd_restart},     {"BEGIN", cmd_begin},
    {"TURN", cmd_turn},           {"BOARD", cmd_board},
    {"YXBOARD", cmd_yxboard},     {"SWAP2BOARD", cmd_swap2board},
    {"DONE", cmd_stray_done},     {"INFO", cmd_info},
    {"END", cmd_end},             {"ABOUT", cmd_about},
    {"TAKEBACK", cmd_takeback},   {"PLAY", cmd_play},
    {"YXSTOP", cmd_yxstop},       {"YXSHOWFORBID", cmd_showforbid},
    {"YXNBEST", cmd_yxnbest},     {"YXHASHCLEAR", cmd_yxhashclear},
    {"YXSHOWINFO", cmd_yxshowinfo}, {"YXBLOCK", cmd_yxblock},
    {"YXBLOCKRESET", cmd_yxblockreset},
};

CommandFn proto_find_command(const char *word)
{
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (parse_word_is(word, COMMANDS[i].word))
            return COMMANDS[i].fn;
    return NULL;
}

ProtoAction protocol_handle_line(Protocol *p, const char *raw, size_t len, int64_t arrival_ms)
{
    char line[LINE_MAX_BYTES];
    parse_sanitize(raw, len, line, sizeof line);
    if (!line[0])
        return PROTO_CONTINUE; /* empty lines mean nothing */
    if (p->block.kind != BLOCK_NONE)
        return block_line(p, line);
    char word[32];
    const char *args = parse_split_word(line, word, sizeof word);
    CommandFn fn = proto_find_command(word);
    if (fn)
        return fn(p, args, arrival_ms);
    proto_reply(p, "UNKNOWN %.*s", ECHO_MAX, line);
    return PROTO_CONTINUE;
}

ProtoAction protocol_feed(Protocol *p, const char *line)
{
    ProtoAction a = protocol_handle_line(p, line, strlen(line), clock_ms());
    if (a != PROTO_THINK)
        return a;
    protocol_run_job(p);
    return PROTO_CONTINUE;
}

bool protocol_line_is(const char *raw, size_t len, const char *command)
{
    char line[LINE_MAX_BYTES];
    parse_sanitize(raw, len, line, sizeof line);
    char word[32];
    parse_split_word(line, word, sizeof word);
    return parse_word_is(word, command);
}
