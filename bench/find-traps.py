#!/usr/bin/env python3
"""Finds traps in games lost to Rapfi, for the depth bench: positions where the move a brain
played walks into a forced loss that Rapfi proves at once, while another move does not lose.

Three stages, each writing JSON lines the next one reads:
  analyse: for every move NAME played in the games it lost to rapfi (arena records), Rapfi's
           evaluation before it (NAME to move) and after it (negated), --ms each;
  confirm: the moves after which Rapfi found a win (an evaluation of M) where before it had
           not found a loss: kept when pbrain-gamok proves the win for the side to move after
           the move within --confirm-ms (a score of SCORE_WIN_MIN or more), and Rapfi, given
           --check-ms before the move, finds no loss and chooses another move;
  write:   tests/positions format (tests/support/positions.h), "avoid:" the move played.

    bench/find-traps.py analyse --name main --rapfi RAPFI [--ms 500] RECORDS.jsonl.gz ... > a.jsonl
    bench/find-traps.py confirm --rapfi RAPFI --gamok BRAIN [--confirm-ms 8000]
                                [--check-ms 2000] a.jsonl ... > traps.jsonl
    bench/find-traps.py write traps.jsonl > tests/positions/depth_traps.txt

Freestyle 15x15 only (rule 0). One-off tooling: not run by CI."""
import argparse, gzip, importlib.util, json, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    'label_positions', os.path.join(HERE, '..', 'tournaments', 'label-positions.py'))
lp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lp)
MATE = 20000
SUMMARY = re.compile(r'MESSAGE depth \d+ score (-?\d+)')


def rapfi_value(ev):
    """Rapfi's evaluation as a number, a found win or loss as +-MATE, None when it gave none."""
    if ev is None:
        return None
    if 'M' in ev:
        return -MATE if ev.startswith('-') else MATE
    return int(ev)


def moves_of(text):
    return [tuple(map(int, m.split(','))) for m in text.split()]


def lost_games(paths, name):
    for path in paths:
        for line in gzip.open(path, 'rt') if path.endswith('.gz') else open(path):
            g = json.loads(line)
            if {g['black'], g['white']} != {name, 'rapfi'} or g['rule'] != 0 or g['size'] != 15:
                continue
            mine = 'black' if g['black'] == name else 'white'
            if g['winner'] in ('black', 'white') and g['winner'] != mine:
                yield path, g


def analyse(args):
    brain = lp.Brain(args.rapfi, 15, 0, args.ms + 50)
    for path, g in lost_games(args.records, args.name):
        moves, mine = moves_of(g['moves']), 0 if g['black'] == args.name else 1
        rows = []
        for i in range(g['opening_stones'], len(moves)):
            if i % 2 != mine:
                continue
            before, best = brain.evaluate(moves[:i])
            after, _ = brain.evaluate(moves[:i + 1])
            b, a = rapfi_value(before), rapfi_value(after)
            if b is None or a is None:
                continue
            rows.append([i, list(moves[i]), list(best), b, -a])
            if b <= -MATE:
                break
        print(json.dumps({'records': os.path.basename(path), 'id': g['id'], 'moves': g['moves'],
                          'rows': rows}), flush=True)
    brain.close()


def gamok_score(brain, moves):
    """pbrain-gamok's score (its summary line before the move) after a fresh search of `moves`."""
    brain.send('YXHASHCLEAR')
    brain.send('BOARD')
    for i, (x, y) in enumerate(moves):
        brain.send(f'{x},{y},{1 if i % 2 == len(moves) % 2 else 2}')
    brain.send('DONE')
    lines = brain.read_until(lambda l: re.fullmatch(r'\d+,\d+', l) is not None)
    scores = [int(m.group(1)) for l in lines for m in [SUMMARY.match(l)] if m]
    return scores[-1] if scores else None


def confirm(args):
    gamok = lp.Brain(args.gamok, 15, 0, args.confirm_ms)
    rapfi = lp.Brain(args.rapfi, 15, 0, args.check_ms + 50)
    for path in args.analysed:
        for line in open(path):
            g = json.loads(line)
            for ply, played, _, before, after in g['rows']:
                if before <= -MATE or after > -MATE:
                    continue
                moves = moves_of(g['moves'])[:ply]
                proof = gamok_score(gamok, moves + [tuple(played)])
                if proof is None or proof < args.win_min:
                    continue
                ev, best = rapfi.evaluate(moves)
                value = rapfi_value(ev)
                if value is None or value <= -MATE or list(best) == played:
                    continue
                print(json.dumps({'records': g['records'], 'id': g['id'], 'ply': ply,
                                  'moves': ' '.join(g['moves'].split()[:ply]), 'played': played,
                                  'gamok_after': proof, 'rapfi_before': ev, 'rapfi_best': best}),
                      flush=True)
    rapfi.close()
    gamok.close()


def write(args):
    print('# Traps: freestyle 15x15 positions from games pbrain-gamok lost to Rapfi classical at 1 s,')
    print('# where the move it played ("avoid") walks into a forced loss and another move does not:')
    print('# after the move Rapfi found the win at once and pbrain-gamok proved it given 8 s; before')
    print("# it, Rapfi given 2 s found no loss and chose another move (bench/find-traps.py; records")
    print('# and stages in results/2026-12-05-traps/). For the depth bench (bench/depth_bench.c).')
    first = True
    for path in args.traps:
        for line in open(path):
            t = json.loads(line)
            moves = moves_of(t['moves'])
            grid = [['.'] * 15 for _ in range(15)]
            for i, (x, y) in enumerate(moves):
                grid[y][x] = 'X' if i % 2 == 0 else 'O'
            if not first:
                print('---')
            first = False
            print(f"name: {t['records'].split('.')[0]} #{t['id']} after {len(moves)} moves")
            print('rule: 0')
            print(f"to_move: {'X' if len(moves) % 2 == 0 else 'O'}")
            print(f"avoid: {t['played'][0]},{t['played'][1]}")
            print('board:')
            for row in grid:
                print(''.join(row))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = ap.add_subparsers(dest='stage', required=True)
    a = sub.add_parser('analyse')
    a.add_argument('--name', required=True)
    a.add_argument('--rapfi', required=True)
    a.add_argument('--ms', type=int, default=500)
    a.add_argument('records', nargs='+')
    c = sub.add_parser('confirm')
    c.add_argument('--rapfi', required=True)
    c.add_argument('--gamok', required=True)
    c.add_argument('--confirm-ms', type=int, default=8000)
    c.add_argument('--check-ms', type=int, default=2000)
    c.add_argument('--win-min', type=int, default=20000, help="pbrain-gamok's SCORE_WIN_MIN")
    c.add_argument('analysed', nargs='+')
    w = sub.add_parser('write')
    w.add_argument('traps', nargs='+')
    args = ap.parse_args()
    {'analyse': analyse, 'confirm': confirm, 'write': write}[args.stage](args)


if __name__ == '__main__':
    main()
