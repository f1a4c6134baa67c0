#include "protocol/parse.h"

#include <limits.h>

static bool is_space(char c) { return c == ' '; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

void parse_sanitize(const char *raw, size_t len, char *out, size_t cap)
{
    size_t n = 0;
    if (!cap)
        return;
    for (size_t i = 0; i < len && n + 1 < cap; i++) {
        unsigned char c = (unsigned char)raw[i];
        if (c == '\t')
            c = ' ';
        else if (c < 0x20 || c >= 0x7F)
            c = '?';
        if (c == ' ' && n == 0)
            continue; /* leading spaces */
        out[n++] = (char)c;
    }
    while (n && is_space(out[n - 1]))
        n--;
    out[n] = 0;
}

const char *parse_split_word(const char *line, char *cmd, size_t cap)
{
    size_t n = 0;
    while (*line && !is_space(*line)) {
        if (n + 1 < cap)
            cmd[n++] = *line;
        line++;
    }
    if (cap)
        cmd[n] = 0;
    while (is_space(*line))
        line++;
    return line;
}

bool parse_word_is(const char *word, const char *keyword)
{
    while (*word && *keyword && lower(*word) == lower(*keyword)) {
        word++;
        keyword++;
    }
    return *word == 0 && *keyword == 0;
}

/* Parses one integer at *s (spaces around skipped); advances *s past it. */
static bool take_i64(const char **s, int64_t *v)
{
    const char *p = *s;
    while (is_space(*p))
        p++;
    bool neg = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    if (!is_digit(*p))
        return false;
    /* Accumulate negatively so that INT64_MIN parses too. */
    int64_t acc = 0;
    for (; is_digit(*p); p++) {
        int d = *p - '0';
        if (acc < (INT64_MIN + d) / 10)
            return false;
        acc = acc * 10 - d;
    }
    if (!neg && acc == INT64_MIN)
        return false;
    while (is_space(*p))
        p++;
    *v = neg ? acc : -acc;
    *s = p;
    return true;
}

bool parse_i64(const char *s, int64_t *v)
{
    int64_t x;
    if (!take_i64(&s, &x) || *s)
        return false;
    *v = x;
    return true;
}

bool parse_int_list(const char *s, int *vals, int n)
{
    for (int i = 0; i < n; i++) {
        int64_t x;
        if (!take_i64(&s, &x) || x < INT_MIN || x > INT_MAX)
            return false;
        vals[i] = (int)x;
        if (i + 1 < n && *s++ != ',')
            return false;
    }
    return *s == 0;
}
