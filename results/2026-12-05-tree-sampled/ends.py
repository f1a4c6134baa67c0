#!/usr/bin/env python3
"""Ends of a gamok-arena results.jsonl and each engine's longest think (ms), fouls/forfeits by end."""
import collections, json, sys
ends, longest = collections.Counter(), collections.defaultdict(int)
for line in open(sys.argv[1]):
    g = json.loads(line)
    ends[g['end']] += 1
    ms = [int(x) for x in g['ms'].split()]
    for i, t in enumerate(ms[g['opening_stones']:], g['opening_stones']):
        name = g['black'] if i % 2 == 0 else g['white']
        longest[name] = max(longest[name], t)
print('ends:', dict(ends))
print('longest think (ms):', dict(longest))
