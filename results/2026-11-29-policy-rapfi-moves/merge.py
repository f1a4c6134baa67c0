#!/usr/bin/env python3
"""Adds a second labelling run's moves to corpus/labels/0-15.txt, keeping its probabilities.

    merge.py corpus/labels/0-15.txt RUN2.txt > merged.txt

Both runs label the same plies of the same games (label-positions.py picks them by the game's
place in corpus/0-15.txt), so each PLY:P of the first becomes PLY:P:MOVE with the second run's
move there; a ply the second run left out keeps PLY:P. Header comments of the first are kept."""
import sys


def body(line):
    head, _, labels = line.rstrip('\n').partition(' | ')
    return head, labels.split()


def main():
    first, second = sys.argv[1], sys.argv[2]
    moves = {}
    for line in open(second):
        if line.startswith('#') or ' | ' not in line:
            continue
        head, labels = body(line)
        moves[head] = {int(l.split(':')[0]): l.split(':')[2] for l in labels if l.count(':') == 2}
    kept = named = 0
    for line in open(first):
        if line.startswith('#') or ' | ' not in line:
            sys.stdout.write(line)
            continue
        head, labels = body(line)
        got = moves.get(head, {})
        out = []
        for l in labels:
            ply = int(l.split(':')[0])
            named += ply in got
            kept += 1
            out.append(f'{l}:{got[ply]}' if ply in got else l)
        print(f'{head} | ' + ' '.join(out))
    print(f'merge: {named} of {kept} labels given a move', file=sys.stderr)


if __name__ == '__main__':
    main()
