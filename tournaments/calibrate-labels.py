#!/usr/bin/env python3
"""Calibrates label-positions.py's labels against the games' results, or rescales them.

The labels are written at one scale (--from-scale, --from-decided: label-positions.py's
defaults); how well a brain's evaluation predicts the results depends on the brain, its time
and the board. Without --scale this prints how often a found win (loss) was won and the log
loss of the other labels against the results at several scales; with --scale and --decided it
writes the labels rescaled to them (header lines and moves kept), for corpus/labels/.

    tournaments/calibrate-labels.py labels.txt
    tournaments/calibrate-labels.py --scale 350 --decided 0.985 labels.txt > corpus/labels/x.txt
"""
import argparse, math, sys

from tool_module import load_tool


def label_positions():
    """label-positions.py as a module: it owns the labels' default scale."""
    return load_tool('label-positions.py')


SCALES = (200, 300, 350, 400, 450, 500, 600, 800, 1000)


def tokens(line):
    """The game's corpus line and its labels as (ply, probability, rest) triples."""
    game, lab = line.rstrip('\n').rsplit('|', 1)
    out = []
    for t in lab.split():
        ply, p, *rest = t.split(':')
        out.append((int(ply), float(p), rest))
    return game, out


def classify(p, args):
    """(eval at --from-scale, found-win sign): eval None when the brain found a win or loss."""
    if abs(p - args.from_decided) < 1e-9:
        return None, 1
    if abs(p - (1 - args.from_decided)) < 1e-9:
        return None, -1
    p = min(max(p, 0.0001), 0.9999)  # a 3-decimal 0.000 stays 0.000
    return args.from_scale * math.log(p / (1 - p)), 0


def report(args, lines):
    found, plain = {1: [], -1: []}, []
    for line in lines:
        game, labs = tokens(line)
        result = game.split()[3]
        if result not in ('B', 'W'):
            continue
        for ply, p, _ in labs:
            won = (result == 'B') == (ply % 2 == 0)  # even stones: black to move
            ev, sign = classify(p, args)
            if ev is None:
                found[sign].append(won)
            else:
                plain.append((ev, won))
    n = len(plain) + len(found[1]) + len(found[-1])
    print(f'positions {n}, found a win {len(found[1])} (won {mean(found[1]):.4f}), '
          f'found a loss {len(found[-1])} (won {mean(found[-1]):.4f})')
    for scale in SCALES:
        loss = sum(-math.log(likelihood(1 / (1 + math.exp(-ev / scale)), won)) for ev, won in plain)
        print(f'scale {scale:5d}  log loss {loss / max(1, len(plain)):.4f}')


def mean(xs):
    return sum(xs) / max(1, len(xs))


def likelihood(q, won):
    """The probability `q` (of a win) gave the result, kept off 0."""
    q = min(max(q, 1e-6), 1 - 1e-6)
    return q if won else 1 - q


def rescale(args, lines):
    for line in lines:
        if '|' not in line or line.startswith('#'):
            sys.stdout.write(line)
            continue
        game, labs = tokens(line)
        out = []
        for ply, p, rest in labs:
            ev, sign = classify(p, args)
            q = (args.decided if sign > 0 else 1 - args.decided) if ev is None \
                else 1 / (1 + math.exp(-ev / args.scale))
            out.append(':'.join([str(ply), f'{q:.3f}'] + rest))
        sys.stdout.write(game + '| ' + ' '.join(out) + '\n')


def main():
    written = label_positions()
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--from-scale', type=float, default=written.SCALE)
    ap.add_argument('--from-decided', type=float, default=written.DECIDED)
    ap.add_argument('--scale', type=float, help='rescale to this many eval units per e-fold')
    ap.add_argument('--decided', type=float, help="rescale a found win's probability to this")
    ap.add_argument('labels')
    args = ap.parse_args()
    lines = [l for l in open(args.labels) if '|' in l or l.startswith('#')]
    if (args.scale is None) != (args.decided is None):
        ap.error('--scale and --decided go together')
    if args.scale is None:
        report(args, [l for l in lines if not l.startswith('#')])
    else:
        rescale(args, lines)


if __name__ == '__main__':
    main()
