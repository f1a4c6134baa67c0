/* The brain's name and version as managers read them (ABOUT) and GUIs show them (YXSHOWINFO).
 * The version is the release number followed by the commit the binary was built from, which the
 * Makefile passes in (GAMOK_COMMIT): an organiser can tell which build played a game. */
#ifndef GAMOK_PROTOCOL_VERSION_H
#define GAMOK_PROTOCOL_VERSION_H

#define GAMOK_RELEASE "0.2"

/* "0.2-1a2b3c4" (a "-dirty" suffix when the tree had changes), or "0.2" outside git. */
const char *gamok_version(void);

/* The ABOUT line: name, version, author, country, and www and email when the build gives them. */
const char *gamok_about(void);

#endif
