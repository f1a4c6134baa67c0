#include "tournaments/schedule.h"

#include <stdlib.h>

uint64_t schedule_next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Fisher-Yates with the schedule's generator. */
static void shuffle(int *v, int n, uint64_t *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(schedule_next_random(rng) % (uint64_t)(i + 1)), t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

static int pairing_count(const ScheduleSpec *s)
{
    return s->gauntlet ? s->nengines - 1 : s->nengines * (s->nengines - 1) / 2;
}

/* The p-th pairing (a, b), in a fixed order. */
static void pairing(const ScheduleSpec *s, int p, int *a, int *b)
{
    if (s->gauntlet) { *a = 0; *b = p + 1; return; }
    for (int i = 0; i < s->nengines; i++)
        for (int j = i + 1; j < s->nengines; j++)
            if (p-- == 0) { *a = i; *b = j; return; }
}

int schedule_build(const ScheduleSpec *s, ScheduledGame **out)
{
    int nop = s->nopenings ? s->nopenings : 1;
    int use = s->max_openings > 0 && s->max_openings < nop ? s->max_openings : nop;
    int per = s->swap ? 2 : 1, np = pairing_count(s);
    int rounds = s->rounds > 0 ? s->rounds : 1, total = rounds * use * np * per, n = 0;
    int *order = malloc((size_t)nop * sizeof *order);
    *out = malloc((size_t)(total ? total : 1) * sizeof **out);
    if (!order || !*out) { free(order); free(*out); *out = NULL; return -1; }
    uint64_t rng = s->seed;
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < nop; i++) order[i] = i;
        if (s->random_order) shuffle(order, nop, &rng);
        for (int k = 0; k < use; k++) {
            int sym = s->symmetry ? (int)(schedule_next_random(&rng) % 8) : 0;
            for (int p = 0; p < np; p++) {
                int a = 0, b = 1;
                pairing(s, p, &a, &b);
                for (int c = 0; c < per; c++, n++)
                    (*out)[n] = (ScheduledGame){n, c ? b : a, c ? a : b,
                                                s->nopenings ? order[k] : -1, sym};
            }
        }
    }
    free(order);
    return n;
}

bool schedule_in_shard(int id, bool swap, int index, int count)
{
    int unit = swap ? id / 2 : id;
    return unit % count == index - 1;
}
