#!/bin/sh
# Makes sure the cmocka headers and library are there; installs them when run as root.
if [ -f /usr/include/cmocka.h ]; then exit 0; fi
# ... or in the folder the Makefile was given (CMOCKA_PREFIX: unpacked Debian packages).
if [ -n "${CMOCKA_PREFIX:-}" ] && [ -f "$CMOCKA_PREFIX/usr/include/cmocka.h" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "cmocka missing: installing libcmocka-dev"
    (apt-get install -y -qq libcmocka-dev >/dev/null 2>&1 ||
     { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq libcmocka-dev >/dev/null 2>&1; }) && exit 0
fi
echo "cmocka is missing. Install it with:  sudo apt-get install -y libcmocka-dev" >&2
exit 1
