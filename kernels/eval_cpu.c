/* The CPU evaluator: kernels/score.h over a batch, one position at a time. */
#include <stdlib.h>

#include "kernels/evaluator.h"
#include "kernels/patterns.h"
#include "kernels/score.h"

typedef struct CpuEvaluator {
    Evaluator base;
    PatternTables *tables; /* read-only once built: one evaluator may serve many threads */
} CpuEvaluator;

static CpuEvaluator *cpu_of(Evaluator *ev)
{
    return (CpuEvaluator *)ev->impl;
}

/* score.h trusts its input; bad fields would index outside the tables or the board. */
static int position_valid(const EvalPosition *p)
{
    int rule_ok = p->rule == RULE_FREESTYLE || p->rule == RULE_EXACT5 || p->rule == RULE_RENJU ||
                  p->rule == RULE_CARO;
    return rule_ok && p->size >= BOARD_MIN && p->size <= BOARD_MAX &&
           (p->to_move == BLACK || p->to_move == WHITE);
}

static int cpu_score_positions(Evaluator *ev, const EvalPosition *pos, size_t n, int32_t *out)
{
    CpuEvaluator *cpu = cpu_of(ev);
    for (size_t i = 0; i < n; i++) {
        if (!position_valid(&pos[i]))
            return -1;
        out[i] = score_position(cpu->tables, &pos[i]);
    }
    return 0;
}

static int cpu_score_children(Evaluator *ev, const EvalPosition *parents, const EvalChild *kids,
                              size_t n, int32_t *out)
{
    CpuEvaluator *cpu = cpu_of(ev);
    for (size_t i = 0; i < n; i++) {
        const EvalPosition *parent = &parents[kids[i].parent];
        int move = kids[i].move;
        if (!position_valid(parent) || move >= BOARD_CELLS || cell_x(move) >= parent->size ||
            cell_y(move) >= parent->size || parent->cell[move] != EMPTY)
            return -1;
        EvalPosition child = *parent;
        child.cell[move] = child.to_move;
        child.to_move = (uint8_t)opponent_of(child.to_move);
        out[i] = score_position(cpu->tables, &child);
    }
    return 0;
}

static void cpu_destroy(Evaluator *ev)
{
    CpuEvaluator *cpu = cpu_of(ev);
    pattern_tables_destroy(cpu->tables);
    free(cpu);
}

/* Incremental scoring is this evaluator's own code on its own tables, only cheaper. */
static const PatternTables *cpu_incremental_tables(Evaluator *ev)
{
    return cpu_of(ev)->tables;
}

static const EvaluatorOps CPU_OPS = {cpu_score_positions, cpu_score_children, cpu_destroy,
                                     cpu_incremental_tables, cpu_incremental_tables};

Evaluator *evaluator_cpu_create(void)
{
    CpuEvaluator *cpu = calloc(1, sizeof *cpu);
    if (!cpu)
        return NULL;
    PatternTables *tables = pattern_tables_create();
    if (!tables) {
        free(cpu);
        return NULL;
    }
    cpu->tables = tables;
    cpu->base.name = "cpu";
    cpu->base.ops = &CPU_OPS;
    cpu->base.impl = cpu;
    return &cpu->base;
}
