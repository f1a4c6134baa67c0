/* libFuzzer harness: INFO values (protocol/info.c). Each input line is sent as "INFO <line>",
 * around a START (the first byte says where), then the brain thinks twice under what was set.
 * An INFO refused with ERROR changes no setting; after every line the time budget the settings
 * give keeps its promises (brain/timeman.h), for any stone count. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz_brain.h"

#define INPUT_MAX 2048
#define INFO_LINE_MAX 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every setting an INFO line may change. */
typedef struct Settings {
    TimeLimits time;
    int64_t max_memory, hash_kb;
    uint64_t max_nodes;
    int threads, max_depth, gomocup_rule, board_rule, show_detail;
    EvaluatorChoice evaluator;
    bool pondering;
} Settings;

static Settings settings_of(const FuzzBrain *f)
{
    const Engine *e = &f->engine;
    Settings s;
    memset(&s, 0, sizeof s); /* padding too: compared with memcmp */
    s.time = e->time;
    s.max_memory = e->max_memory;
    s.hash_kb = e->hash_kb;
    s.max_nodes = e->max_nodes;
    s.threads = e->threads;
    s.max_depth = e->opts.max_depth;
    s.gomocup_rule = e->gomocup_rule;
    s.board_rule = e->board.rule;
    s.show_detail = f->proto.show_detail;
    s.evaluator = e->opts.evaluator;
    s.pondering = f->proto.pondering;
    return s;
}

/* No move is planned past the turn limit or the match time left, and a move's target is
 * within its hard stop; the test for one more iteration takes any target. */
static void check_budget(const TimeLimits *t)
{
    static const int STONES[] = {0, 1, 30, BOARD_CELLS};
    for (size_t i = 0; i < sizeof STONES / sizeof *STONES; i++) {
        TimeBudget b = timeman_budget(t, STONES[i]);
        if (b.target_ms < 0 || b.target_ms > b.max_ms) abort();
        if (t->timeout_turn_ms <= 0 ? b.max_ms != 0 : b.max_ms > t->timeout_turn_ms) abort();
        if (t->time_left_ms < TIME_UNLIMITED && b.max_ms > (t->time_left_ms > 0 ? t->time_left_ms : 0))
            abort();
        SearchProgress p = {.elapsed_ms = 1000, .best_changes = 2, .score_drop = 1000,
                            .threatened = true};
        (void)timeman_go_deeper(b.target_ms, &p);
    }
}

static void send_info(FuzzBrain *f, const uint8_t *line, size_t len)
{
    char text[INFO_LINE_MAX + 8] = "INFO ";
    if (len > INFO_LINE_MAX) len = INFO_LINE_MAX;
    memcpy(text + 5, line, len);
    Settings before = settings_of(f);
    fuzz_brain_line(f, text, len + 5);
    Settings after = settings_of(f);
    if (f->refused && memcmp(&before, &after, sizeof before)) abort();
    check_budget(&f->engine.time);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > INPUT_MAX) return 0;
    bool start_first = data[0] & 1;
    FuzzBrain f;
    fuzz_brain_open(&f);
    f.keep_time = true;
    if (start_first) fuzz_brain_say(&f, "START 15");
    const uint8_t *p = data + 1, *end = data + size;
    while (p < end && !f.quit) {
        const uint8_t *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        send_info(&f, p, len);
        p += len + 1;
    }
    if (!start_first) fuzz_brain_say(&f, "START 15");
    fuzz_brain_say(&f, "BEGIN");
    fuzz_brain_say(&f, "TURN 8,8");
    fuzz_brain_close(&f);
    return 0;
}
