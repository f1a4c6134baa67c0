#!/usr/bin/env python3
"""How each engine of a gamok-arena run used its time (docs/time.md).

    tournaments/clock-use.py RESULTS.jsonl [--match MS] [--turn MS] [NAME...]

Per engine (all of them when no NAME is given), over its moves after the opening:
  --match MS: the share of the match clock it used per game, by game length in plies
              (median, least, most), and the games it lost on time;
  --turn MS:  its replies, the longest five and how many took longer than the turn.
"""
import argparse
import json
import statistics

BUCKETS = ((0, 40), (40, 60), (60, 10**6))


def own_times(game, name):
    """The engine's reply times in ms after the opening, or None if it did not play."""
    if name not in (game["black"], game["white"]):
        return None
    colour = 0 if game["black"] == name else 1
    ms = [int(x) for x in game["ms"].split()]
    first = game["opening_stones"]
    return [ms[i] for i in range(first, len(ms)) if i % 2 == colour]


def clock_report(games, name, match_ms):
    used = []  # (plies, share of the clock)
    lost_on_time = 0
    for g in games:
        mine = own_times(g, name)
        if mine is None:
            continue
        used.append((len(g["moves"].split()), sum(mine) / match_ms))
        loser = {"black": g["white"], "white": g["black"]}.get(g["winner"])
        lost_on_time += g["end"] == "time" and loser == name
    for lo, hi in BUCKETS:
        shares = [u for plies, u in used if lo <= plies < hi]
        if shares:
            top = "+" if hi > 10**5 else f"-{hi - 1}"
            print(f"{name}: games of {lo}{top} plies: {len(shares)}, clock used median "
                  f"{statistics.median(shares):.2f}, least {min(shares):.2f}, "
                  f"most {max(shares):.2f}")
    print(f"{name}: {len(used)} games, lost on time: {lost_on_time}")


def turn_report(games, name, turn_ms):
    replies = sorted(t for g in games for t in (own_times(g, name) or []))
    if replies:
        print(f"{name}: {len(replies)} replies, longest {replies[-5:]} ms, "
              f"over {turn_ms} ms: {sum(t > turn_ms for t in replies)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results")
    ap.add_argument("names", nargs="*")
    ap.add_argument("--match", type=int, help="match clock, ms")
    ap.add_argument("--turn", type=int, help="turn limit, ms")
    args = ap.parse_intermixed_args()
    with open(args.results) as f:
        games = [json.loads(line) for line in f if line.strip()]
    names = args.names or sorted({g[c] for g in games for c in ("black", "white")})
    for name in names:
        if args.match:
            clock_report(games, name, args.match)
        if args.turn:
            turn_report(games, name, args.turn)


if __name__ == "__main__":
    main()
