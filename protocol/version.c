#include "protocol/version.h"

#ifdef GAMOK_COMMIT
#define VERSION_TEXT GAMOK_RELEASE "-" GAMOK_COMMIT
#else
#define VERSION_TEXT GAMOK_RELEASE
#endif

const char *gamok_version(void) { return VERSION_TEXT; }

const char *gamok_about(void)
{
    return "name=\"Gamok\", version=\"" VERSION_TEXT "\", author=\"Gamok team\", country=\"CZ\"";
}
