/* The budgets of the root's threat searches (brain/search_root_threats.c), in one place: the
 * tests restate the root rescue's check with them (tests/support/rescue.c). */
#ifndef GAMOK_ROOT_LIMITS_H
#define GAMOK_ROOT_LIMITS_H

#define ROOT_VCF_FOURS 16    /* longest continuous-four sequence looked for */
#define ROOT_VCF_NODES 30000 /* ~30 ms on the dev box at worst */
#define REFUTE_VCF_NODES 3000
#define ROOT_VCT_THREES 2 /* a VCT with one three is looked for first, then with two */
#define ROOT_VCT_FOURS 12
#define ROOT_VCT_NODES 20000

#endif
