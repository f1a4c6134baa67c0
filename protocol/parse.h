/* Small, strict parsers for protocol arguments: integers with overflow checks and
 * comma-separated integer lists ("3,4", "3, 4", " 7 ,7 ,1 "). */
#ifndef GAMOK_PARSE_H
#define GAMOK_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Copies raw[0..len) to out (cap bytes, NUL-terminated, truncated) as printable ASCII: tabs
 * become spaces, other control bytes, NUL and non-ASCII bytes become '?', so a reply that
 * quotes the input stays one clean line. Leading and trailing spaces are dropped. */
void parse_sanitize(const char *raw, size_t len, char *out, size_t cap);

/* Splits "WORD rest" at the first space: copies WORD (truncated) to cmd and returns the rest
 * with its leading spaces skipped. */
const char *parse_split_word(const char *line, char *cmd, size_t cap);

/* ASCII case-insensitive equality. */
bool parse_word_is(const char *word, const char *keyword);

/* The whole of s (spaces around allowed) is one integer that fits int64_t. */
bool parse_i64(const char *s, int64_t *v);

/* s is exactly n comma-separated integers that fit int, spaces allowed around each. */
bool parse_int_list(const char *s, int *vals, int n);

#endif
