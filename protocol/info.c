/* INFO key value: settings from the manager. No reply on success; an absurd value answers
 * `ERROR ...` and the previous setting stays. Unknown keys are ignored (the protocol grows). */
#include "protocol/commands.h"
#include "protocol/parse.h"

typedef enum { NEED_ANY, NEED_NON_NEGATIVE } Need;

/* Parses an integer setting; false after an ERROR reply. */
static bool info_number(Protocol *p, const char *key, const char *val, Need need, int64_t *v)
{
    if (parse_i64(val, v) && (need == NEED_ANY || *v >= 0))
        return true;
    proto_reply(p, "ERROR INFO %s needs %s, got '%.*s'", key,
                need == NEED_ANY ? "an integer" : "an integer >= 0", ECHO_MAX, val);
    return false;
}

static void info_rule(Protocol *p, const char *val)
{
    int64_t v;
    if (!info_number(p, "rule", val, NEED_ANY, &v))
        return;
    EngineError err = v < 0 || v > 0xFFFF ? ENGINE_ERR_RULE : engine_set_rule(p->engine, (int)v);
    if (err != ENGINE_OK)
        proto_engine_error(p, err);
}

static void info_max_memory(Protocol *p, const char *val)
{
    int64_t v;
    if (!info_number(p, "max_memory", val, NEED_NON_NEGATIVE, &v))
        return;
    EngineError err = engine_set_max_memory(p->engine, v);
    if (err != ENGINE_OK)
        proto_engine_error(p, err);
}

/* cpu, cuda or auto; a change is told in a MESSAGE, as after START. */
static void info_evaluator(Protocol *p, const char *val)
{
    EvaluatorChoice c;
    if (!evaluator_choice_parse(val, &c)) {
        proto_reply(p, "ERROR INFO evaluator needs cpu, cuda or auto, got '%.*s'", ECHO_MAX, val);
        return;
    }
    if (c == p->engine->opts.evaluator)
        return;
    EngineError err = engine_set_evaluator(p->engine, c);
    if (err != ENGINE_OK)
        proto_engine_error(p, err);
    else
        proto_say_evaluator(p);
}

static void info_engine_result(Protocol *p, const char *key, const char *val, EngineError err)
{
    if (err != ENGINE_OK)
        proto_reply(p, "ERROR INFO %s: %s, got '%.*s'", key, engine_error_text(err), ECHO_MAX,
                    val);
}

/* 0 or 1 for `key`; false after an ERROR reply. */
static bool info_flag(Protocol *p, const char *key, const char *val, int64_t *v)
{
    if (!info_number(p, key, val, NEED_NON_NEGATIVE, v))
        return false;
    if (*v <= 1)
        return true;
    proto_reply(p, "ERROR INFO %s needs 0 or 1, got '%.*s'", key, ECHO_MAX, val);
    return false;
}

/* The Yixin-board keys; false when `key` is none of them. */
static bool info_yixin(Protocol *p, const char *key, const char *val)
{
    int64_t v;
    if (parse_word_is(key, "max_depth")) {
        if (info_number(p, key, val, NEED_NON_NEGATIVE, &v))
            info_engine_result(p, key, val, engine_set_max_depth(p->engine, v));
    } else if (parse_word_is(key, "max_node")) {
        if (info_number(p, key, val, NEED_ANY, &v)) /* -1 (or 0): no limit */
            engine_set_max_nodes(p->engine, v);
    } else if (parse_word_is(key, "hash_size")) {
        if (info_number(p, key, val, NEED_NON_NEGATIVE, &v))
            info_engine_result(p, key, val, engine_set_hash_size(p->engine, v));
    } else if (parse_word_is(key, "thread_num")) {
        if (info_number(p, key, val, NEED_NON_NEGATIVE, &v))
            info_engine_result(p, key, val, engine_set_threads(p->engine, v));
    } else if (parse_word_is(key, "show_detail")) {
        if (!info_number(p, key, val, NEED_NON_NEGATIVE, &v))
            return true;
        if (v > 3)
            proto_reply(p, "ERROR INFO show_detail needs 0..3, got '%.*s'", ECHO_MAX, val);
        else
            p->show_detail = (int)v;
    } else if (parse_word_is(key, "pondering")) {
        if (info_flag(p, key, val, &v))
            p->pondering = v == 1;
    } else {
        return false;
    }
    return true;
}

ProtoAction cmd_info(Protocol *p, const char *args, int64_t now)
{
    (void)now;
    char key[32];
    const char *val = parse_split_word(args, key, sizeof key);
    TimeLimits *t = &p->engine->time;
    int64_t v;
    if (parse_word_is(key, "timeout_turn")) {
        if (info_number(p, key, val, NEED_NON_NEGATIVE, &v))
            t->timeout_turn_ms = v;
    } else if (parse_word_is(key, "timeout_match")) {
        if (info_number(p, key, val, NEED_NON_NEGATIVE, &v))
            t->timeout_match_ms = v;
    } else if (parse_word_is(key, "time_left")) {
        if (info_number(p, key, val, NEED_ANY, &v)) /* negative: the match clock ran over */
            t->time_left_ms = v;
    } else if (parse_word_is(key, "max_memory")) {
        info_max_memory(p, val);
    } else if (parse_word_is(key, "rule")) {
        info_rule(p, val);
    } else if (parse_word_is(key, "evaluator")) {
        info_evaluator(p, val);
    } else if (parse_word_is(key, "game_type")) {
        info_number(p, key, val, NEED_ANY, &v); /* checked, but it changes nothing here */
    } else {
        info_yixin(p, key, val);
    }
    /* folder, evaluate and unknown keys: nothing to do. */
    return PROTO_CONTINUE;
}
