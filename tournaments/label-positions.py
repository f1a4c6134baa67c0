#!/usr/bin/env python3
"""Labels corpus positions with a stronger brain's judgement, for gamok-train --labels.

For each game of a corpus file (corpus.h's format), every second position after the opening
(alternating which, game by game, so that both colours are labelled) is given to a Gomocup
brain for about --ms milliseconds (its turn time is --ms plus --reserve, what it keeps back).
Its last reported evaluation becomes a win probability for the side to move,
1 / (1 + exp(-eval / --scale)), and a win (loss) it found --decided (1 - --decided). The
defaults are calibrated on the freestyle 20x20 corpus's results: with a scale of 200
its evaluations at 40 ms predicted the games worse than a coin (log loss 0.70), best at 500
(0.590); its found wins were won 94% of the time. On freestyle 15x15 (corpus/0-15.txt, 40 ms):
best at 350-400 (0.551), found wins won 98.5% (results/2026-11-29-labels-fs15.txt).

Written one game a line, as the trainer reads them (tournaments/train_labels.h): the game's
corpus line, then " |" and PLY:P:MOVE triples, PLY the number of stones on the board, P the
probability and MOVE the brain's choice there in the corpus's notation (what the policy
learns). Made for Rapfi (it reports "MESSAGE Depth .. | Eval E | ..." and "+M"/"-M" for a
found win or loss); another brain needs its own reader. A measuring tool, not part of CI.

    tournaments/label-positions.py --brain build/opponents/pbrain-rapfi --ms 40 \
        --workers 2 corpus/0-20.txt > labels.txt
"""
import argparse, math, os, re, subprocess, sys, threading
from concurrent.futures import ThreadPoolExecutor

MOVE = re.compile(r'([a-z])(\d+)')
EVAL = re.compile(r'\| Eval ([+-]?M?\d+) ')
# The labels' default scale and found-win probability (calibrate-labels.py reads them too).
SCALE, DECIDED = 500, 0.94
# What the brain keeps back of its turn (Rapfi's config.toml turn_time_reserved; agreement.py too).
RESERVE = 50


def parse_game(line):
    p = line.split()
    if len(p) < 8 or line.startswith('#'):
        return None
    rule, size, opening = int(p[0]), int(p[1]), int(p[2])
    moves = [(ord(a) - 97, int(b) - 1) for a, b in MOVE.findall(p[7])]
    return rule, size, opening, line.rstrip('\n'), moves


def win_probability(ev, scale, decided):
    if 'M' in ev:
        return 1 - decided if ev.startswith('-') else decided
    return 1 / (1 + math.exp(-int(ev) / scale))


class Brain:
    """One brain process, reused position after position."""

    def __init__(self, path, size, rule, turn_ms):
        self.p = subprocess.Popen([os.path.abspath(path)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                  cwd=os.path.dirname(os.path.abspath(path)), bufsize=1)
        self.send(f'START {size}')
        self.read_until(lambda l: l.startswith('OK') or l.startswith('ERROR'))
        for info in (f'timeout_turn {turn_ms}', 'timeout_match 1000000000', f'rule {rule}',
                     'max_memory 367001600'):
            self.send('INFO ' + info)

    def send(self, s):
        self.p.stdin.write(s + '\n')
        self.p.stdin.flush()

    def read_until(self, done):
        lines = []
        while True:
            l = self.p.stdout.readline()
            if not l:
                raise RuntimeError('brain exited')
            l = l.strip()
            lines.append(l)
            if done(l):
                return lines

    def evaluate(self, moves):
        """The last evaluation for the side to move (or None) and the move chosen, as x, y."""
        tomove = len(moves) % 2
        self.send('BOARD')
        for i, (x, y) in enumerate(moves):
            self.send(f'{x},{y},{1 if i % 2 == tomove else 2}')
        self.send('DONE')
        lines = self.read_until(lambda l: re.fullmatch(r'\d+,\d+', l) is not None)
        evs = [m.group(1) for l in lines for m in [EVAL.search(l)] if m]
        x, y = map(int, lines[-1].split(','))
        return (evs[-1] if evs else None), (x, y)

    def close(self):
        try:
            self.send('END')
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def label_games(args, games):
    local = threading.local()
    lock = threading.Lock()

    def brain_for(rule, size):
        key = (rule, size)
        if getattr(local, 'key', None) != key:
            if getattr(local, 'brain', None):
                local.brain.close()
            local.brain, local.key = Brain(args.brain, size, rule, args.ms + args.reserve), key
        return local.brain

    def label(job):
        index, (rule, size, opening, text, moves) = job
        brain = brain_for(rule, size)
        out = []
        for ply in range(opening + index % 2, len(moves), 2):
            ev, (x, y) = brain.evaluate(moves[:ply])
            if ev is not None:
                p = win_probability(ev, args.scale, args.decided)
                out.append(f'{ply}:{p:.3f}:{chr(97 + x)}{y + 1}')
        line = f'{text} | ' + ' '.join(out)
        with lock:
            print(line, flush=True)

    with ThreadPoolExecutor(args.workers) as ex:
        list(ex.map(label, enumerate(games)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--brain', required=True)
    ap.add_argument('--ms', type=int, default=30)
    ap.add_argument('--reserve', type=int, default=RESERVE,
                    help="the brain's turn_time_reserved (Rapfi's config.toml: 50)")
    ap.add_argument('--scale', type=float, default=SCALE, help='eval units per e-fold of odds')
    ap.add_argument('--decided', type=float, default=DECIDED, help="a found win's probability")
    ap.add_argument('--workers', type=int, default=2)
    ap.add_argument('--every', type=int, default=1, help='label one game in N')
    ap.add_argument('corpus')
    args = ap.parse_args()
    games = [g for g in map(parse_game, open(args.corpus)) if g]
    label_games(args, games[::args.every])


if __name__ == '__main__':
    main()
