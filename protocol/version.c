#include "protocol/version.h"

#ifdef GAMOK_COMMIT
#define VERSION_TEXT GAMOK_RELEASE "-" GAMOK_COMMIT
#else
#define VERSION_TEXT GAMOK_RELEASE
#endif

/* Where to find the project and whom to write to, when the build was told (Makefile). */
#ifdef GAMOK_WWW
#define ABOUT_WWW ", www=\"" GAMOK_WWW "\""
#else
#define ABOUT_WWW ""
#endif
#ifdef GAMOK_EMAIL
#define ABOUT_EMAIL ", email=\"" GAMOK_EMAIL "\""
#else
#define ABOUT_EMAIL ""
#endif

const char *gamok_version(void) { return VERSION_TEXT; }

const char *gamok_about(void)
{
    return "name=\"Gamok\", version=\"" VERSION_TEXT "\", author=\"Gamok team\", country=\"CZ\""
           ABOUT_WWW ABOUT_EMAIL;
}
