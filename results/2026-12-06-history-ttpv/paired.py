# paired.py A.jsonl NAME_A B.jsonl NAME_B: B's brain against A's on the setups (opening, symmetry, colour) both played
# against the same opponent in two runs of one seed (the arena gives each engine the same setups). A setup drawn
# twice counts its last game, as score3.py's pairing does.
import json, sys
def load(path, me):
    out, games = {}, []
    for line in open(path):
        d = json.loads(line)
        if me not in (d['black'], d['white']):
            continue
        p = 0.5 if d['winner'] not in ('black', 'white') else float(d[d['winner']] == me)
        out[(d['opening'], d['symmetry'], d['black'] == me)] = p
        games.append(p)
    return out, games
(a, _), (b, games) = load(sys.argv[1], sys.argv[2]), load(sys.argv[3], sys.argv[4])
common = [k for k in b if k in a]
print(f"{sys.argv[4]} {sum(games) / len(games):.1%} over {len(games)} games; on the {len(common)} setups {sys.argv[2]} also played: "
      f"{sys.argv[4]} {sum(b[k] for k in common) / len(common):.1%} vs {sys.argv[2]} {sum(a[k] for k in common) / len(common):.1%}, "
      f"better in {sum(b[k] > a[k] for k in common)}, worse in {sum(b[k] < a[k] for k in common)}")
