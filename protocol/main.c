/* pbrain-gamok: options, then the Gomocup protocol on stdin/stdout. Nothing is printed before
 * the first command (a manager takes the first line it reads as the answer to ABOUT). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <unistd.h>

#include "brain/engine.h"
#include "brain/platform.h"
#include "protocol/loop.h"
#include "protocol/options.h"
#include "protocol/protocol.h"

int main(int argc, char **argv)
{
    EngineOptions opts;
    engine_default_options(&opts);
    int status = options_parse(argc, argv, &opts, stdout, stderr);
    if (status >= 0)
        return status;
    platform_prepare_stdio();

    Engine engine;
    Protocol proto;
    engine_init(&engine, &opts);
    protocol_init(&proto, &engine, stdout);
    status = protocol_loop(&proto, STDIN_FILENO);
    protocol_free(&proto);
    engine_free(&engine);
    return status;
}
