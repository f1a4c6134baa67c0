#!/usr/bin/env python3
"""An engine's score over the games in which another made no overline (a line of six or more).

    tournaments/overlines.py RESULTS.jsonl NAME OTHER

For matches under the exact-five rule (standard, caro) against a brain that knows only freestyle,
such as AIWine: its overline does not win, yet it aims at one, so issue 30 counts the games it
played as a standard brain would. Prints NAME's score over the games without an overline of
OTHER's and over those with one (the opening's stones count as played by their colour).
"""
import json
import sys

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def run_length(stones, x, y, dx, dy):
    """Stones of one colour in a row through (x, y) along (dx, dy), (x, y) included."""
    n = 1
    for sign in (1, -1):
        k = 1
        while (x + sign * k * dx, y + sign * k * dy) in stones:
            n += 1
            k += 1
    return n


def made_overline(moves, colour):
    """Whether the stones of colour (0 black, 1 white) ever stood six or more in a row."""
    stones = set()
    for i, move in enumerate(moves):
        if i % 2 != colour:
            continue
        x, y = map(int, move.split(","))
        stones.add((x, y))
        if any(run_length(stones, x, y, dx, dy) >= 6 for dx, dy in DIRECTIONS):
            return True
    return False


def main(path, name, other):
    totals = {False: [0, 0.0], True: [0, 0.0]}  # overline by OTHER -> [games, NAME's points]
    with open(path) as f:
        for line in f:
            game = json.loads(line)
            if {game["black"], game["white"]} != {name, other}:
                continue
            colour = 0 if game["black"] == other else 1
            winner = game.get("winner")
            points = float(game.get(winner) == name) if winner in ("black", "white") else 0.5
            t = totals[made_overline(game["moves"].split(), colour)]
            t[0] += 1
            t[1] += points
    for overline, (games, points) in totals.items():
        share = f"{100 * points / games:.1f}%" if games else "-"
        print(f"{games} games {'with' if overline else 'without'} an overline of {other}: "
              f"{name} {points:g} ({share})")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
