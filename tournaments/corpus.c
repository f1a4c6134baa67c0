#include "tournaments/corpus.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "brain/board.h"

/* FNV-1a over the rule, the size and the moves. */
uint64_t corpus_game_key(const GameRecord *g)
{
    uint64_t h = 1469598103934665603ull;
    uint32_t words[2 + BOARD_CELLS];
    int n = 0;
    words[n++] = (uint32_t)g->rule;
    words[n++] = (uint32_t)g->size;
    for (int i = 0; i < g->nmoves; i++) words[n++] = g->moves[i];
    for (int i = 0; i < n; i++)
        for (int b = 0; b < 4; b++) {
            h ^= (words[i] >> (8 * b)) & 0xFF;
            h *= 1099511628211ull;
        }
    return h;
}

bool corpus_held_out(const GameRecord *g)
{
    return corpus_game_key(g) % CORPUS_HOLD_OUT == 0;
}

/* `copy` is `name` followed by "-2". */
static bool copy_of(const char *copy, const char *name)
{
    size_t n = strlen(name);
    return !strncmp(copy, name, n) && !strcmp(copy + n, "-2");
}

bool corpus_self_play(const GameRecord *g)
{
    return copy_of(g->name[1], g->name[0]) || copy_of(g->name[0], g->name[1]);
}

bool corpus_keeps(const GameRecord *g)
{
    bool on_board = g->end == END_FIVE || g->end == END_FULL || g->end == END_MOVE_LIMIT
                 || g->end == END_FOUL;
    return on_board && g->nmoves > g->nopening;
}

static char result_letter(int winner)
{
    return winner == BLACK ? 'B' : winner == WHITE ? 'W' : 'D';
}

int corpus_write(FILE *f, const GameRecord *g, const char *tc)
{
    if (fprintf(f, "%d %d %d %c %s %s %s ", g->rule, g->size, g->nopening,
                result_letter(g->winner), tc, g->name[0], g->name[1]) < 0)
        return -1;
    for (int i = 0; i < g->nmoves; i++)
        if (fprintf(f, "%c%d", 'a' + cell_x(g->moves[i]), cell_y(g->moves[i]) + 1) < 0)
            return -1;
    return fputc('\n', f) == EOF ? -1 : 0;
}

int corpus_parse_cell(const char **s, int size)
{
    const char *p = *s;
    int x = *p++ - 'a', y = 0;
    if (x < 0 || x >= size || !isdigit((unsigned char)*p)) return -1;
    while (isdigit((unsigned char)*p) && y <= BOARD_MAX) y = 10 * y + (*p++ - '0');
    if (y < 1 || y > size) return -1;
    *s = p;
    return cell_index(x, y - 1);
}

/* "h8i9..." into g->moves; every stone on the board and on an empty cell. */
static int parse_moves(const char *s, GameRecord *g)
{
    bool taken[BOARD_CELLS] = {false};
    g->nmoves = 0;
    while (*s && !isspace((unsigned char)*s)) {
        int cell = corpus_parse_cell(&s, g->size);
        if (cell < 0 || g->nmoves == BOARD_CELLS || taken[cell]) return -1;
        taken[cell] = true;
        g->moves[g->nmoves++] = (uint16_t)cell;
    }
    return 0;
}

int corpus_parse(const char *line, GameRecord *g, char *tc)
{
    while (isspace((unsigned char)*line)) line++;
    if (!*line || *line == '#') return 1;
    char result, tcbuf[CORPUS_TC_MAX], names[2][ARENA_NAME_MAX];
    int used = 0;
    memset(g, 0, sizeof *g);
    if (sscanf(line, "%d %d %d %c %15s %63s %63s %n", &g->rule, &g->size, &g->nopening, &result,
               tcbuf, names[0], names[1], &used) != 7 || !used)
        return -1;
    bool rule_ok = g->rule == 0 || g->rule == 1 || g->rule == 4 || g->rule == 8;
    if (!rule_ok || g->size < 5 || g->size > BOARD_MAX || g->nopening < 0) return -1;
    if (result != 'B' && result != 'W' && result != 'D') return -1;
    g->winner = result == 'B' ? BLACK : result == 'W' ? WHITE : 0;
    if (parse_moves(line + used, g) || g->nopening > g->nmoves) return -1;
    memcpy(g->name, names, sizeof names);
    g->end = END_FIVE; /* a corpus keeps finished games only; which end is not recorded */
    if (tc) memcpy(tc, tcbuf, sizeof tcbuf);
    return 0;
}

int corpus_load(const char *path, RecordList *l, int *skipped)
{
    *skipped = 0;
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char line[CORPUS_LINE_MAX];
    GameRecord *g = malloc(sizeof *g);
    int status = g ? 0 : -1;
    while (!status && fgets(line, sizeof line, f)) {
        int r = corpus_parse(line, g, NULL);
        if (r < 0) (*skipped)++;
        if (r == 0) status = record_list_push(l, g);
    }
    free(g);
    fclose(f);
    return status;
}
