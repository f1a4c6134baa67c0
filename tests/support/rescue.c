#include "tests/support/rescue.h"

#include "brain/root_limits.h"
#include "brain/vcf.h"
#include "brain/vct.h"
#include "kernels/evaluator.h"

bool rescue_holds(const Board *pos, int cell)
{
    Evaluator *ev = evaluator_cpu_create();
    Board b = *pos;
    board_play(&b, cell);
    VcfLimits vcf = {.max_fours = ROOT_VCF_FOURS, .max_nodes = ROOT_VCT_NODES};
    bool lost = vcf_find(&b, &vcf, NULL).move != CELL_NONE;
    for (int threes = 1; threes <= ROOT_VCT_THREES && !lost; threes++) {
        VctLimits vct = {.max_threes = threes, .vcf_fours = ROOT_VCT_FOURS,
                         .max_nodes = ROOT_VCT_NODES, .tables = evaluator_pattern_tables(ev)};
        VcfResult v = vct_find(&b, &vct, NULL);
        lost = v.move != CELL_NONE;
        if (v.aborted)
            break;
    }
    evaluator_destroy(ev);
    return !lost;
}
