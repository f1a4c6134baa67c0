#!/usr/bin/env python3
"""What a soak run says (make soak; tournaments/README.md): per engine, its games, the games it
lost by forfeit (time, crash, illegal move, bad reply, no start) and its peak resident memory per
game (gamok-arena's black_rss_kb / white_rss_kb), mean of the first and of the last hundred games
in the order they finished, and the growth between them.

    tournaments/soak-report.py RESULTS.jsonl [--check NAME,...] [--window N] [--max-growth PCT]

Exit status 1 when a checked engine (--check; default: every engine) forfeited a game, or its
peak memory grew by --max-growth percent (default 10) or more (judged only over two whole
windows: 2 x --window games); 2 when the file cannot be read.
"""
import argparse
import json
import sys

ILLEGAL = ("off-board", "occupied", "foul")
FORFEITS = ("time", "crash", "bad-reply", "no-start") + ILLEGAL


def read_games(path):
    games = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                games.append(json.loads(line))
            except json.JSONDecodeError:
                pass  # a torn last line of a killed run, as the runner itself skips it
    return games


def loser(game):
    """The name of the side that lost a forfeited game (the winner's opponent)."""
    return game["white"] if game["winner"] == "black" else game["black"]


def engine_figures(games, name, window):
    played = [g for g in games if name in (g["black"], g["white"])]
    lost = [g["end"] for g in played if g["end"] in FORFEITS and loser(g) == name]
    rss = [g.get("black_rss_kb" if g["black"] == name else "white_rss_kb", 0) for g in played]
    rss = [kb for kb in rss if kb > 0]  # 0: not measured
    w = min(window, len(rss) // 2)
    first = sum(rss[:w]) / w if w else None
    last = sum(rss[-w:]) / w if w else None
    return {
        "games": len(played),
        "forfeits": len(lost),
        "crashes": lost.count("crash"),
        "illegal": sum(lost.count(e) for e in ILLEGAL),
        "time": lost.count("time"),
        "window": w,
        "first": first,
        "last": last,
        "growth": (last - first) / first * 100 if w and first else None,
    }


def kib(v):
    return "-" if v is None else "%.0f" % v


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results")
    ap.add_argument("--check", default="", help="engines whose problems fail the run (default all)")
    ap.add_argument("--window", type=int, default=100, help="games averaged at each end")
    ap.add_argument("--max-growth", type=float, default=10.0, help="percent")
    a = ap.parse_args()
    try:
        games = read_games(a.results)
    except OSError as e:
        print("soak-report: %s" % e, file=sys.stderr)
        return 2
    if not games:
        print("soak-report: no games in %s" % a.results, file=sys.stderr)
        return 1
    names = []
    for g in games:
        names += [n for n in (g["black"], g["white"]) if n not in names]
    checked = a.check.split(",") if a.check else names
    print("%d games in %s" % (len(games), a.results))
    print("%-12s %6s %8s %7s %7s %5s %14s %14s %7s" % (
        "engine", "games", "forfeits", "crashes", "illegal", "time",
        "rss first KiB", "rss last KiB", "growth"))
    failed, unjudged = [], []
    for name in names:
        f = engine_figures(games, name, a.window)
        growth = "-" if f["growth"] is None else "%+.1f%%" % f["growth"]
        print("%-12s %6d %8d %7d %7d %5d %14s %14s %7s" % (
            name, f["games"], f["forfeits"], f["crashes"], f["illegal"], f["time"],
            kib(f["first"]), kib(f["last"]), growth))
        if name not in checked:
            continue
        if f["window"] < a.window:
            unjudged.append(name)
        if f["forfeits"]:
            failed.append("%s forfeited %d games" % (name, f["forfeits"]))
        if f["growth"] is not None and f["window"] == a.window and f["growth"] >= a.max_growth:
            failed.append("%s's peak memory grew %.1f%% (first %d games against last %d)" % (
                name, f["growth"], f["window"], f["window"]))
    for g in games:
        if g["end"] in FORFEITS:
            print("  game %d (%s vs %s): %s: %s" % (g["id"] + 1, g["black"], g["white"],
                                                   g["end"], g["detail"]))
    print("windows: the first and the last %d games of each engine; with fewer than %d games,"
          " half its games, and the growth is shown but not judged" % (a.window, 2 * a.window))
    for why in failed:
        print("FAIL: " + why)
    if not failed:
        memory = ("peak memory growth under %g%%" % a.max_growth if not unjudged else
                  "peak memory growth not judged for %s (too few games)" % ", ".join(unjudged))
        print("OK: no forfeit, crash or illegal move by %s; %s" % (", ".join(checked), memory))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
