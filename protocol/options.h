/* Command-line options of pbrain-gamok. */
#ifndef GAMOK_OPTIONS_H
#define GAMOK_OPTIONS_H

#include <stdio.h>

#include "brain/engine.h"

/* Parses argv into `opts` (which holds the defaults on entry). Returns -1 when the brain should
 * run, else the exit status to leave with: 0 after --help (usage on `out`), 2 after a bad
 * option (a message on `err`). */
int options_parse(int argc, char **argv, EngineOptions *opts, FILE *out, FILE *err);

#endif
