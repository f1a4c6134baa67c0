import sys,re
def parse(p):
    d={};w={}
    for l in open(p):
        m=re.match(r'  (.{47})\s*depth\s+(\d+)\s+nodes\s+(\d+)',l)
        if m and 'proven' not in l: d[m.group(1).strip()]=int(m.group(2))
        m=re.match(r'  (.{47}).*?(proven in\s+\d+ ms\s+(\d+) nodes|not proven)',l)
        if m: w[m.group(1).strip()]=int(m.group(3)) if m.group(3) else None
    return d,w
a,wa=parse(sys.argv[1]); b,wb=parse(sys.argv[2])
print('summed depth', sum(a.values()), len(a), '->', sum(b.values()), len(b))
pa=sum(1 for v in wa.values() if v); pb=sum(1 for v in wb.values() if v)
print('proven', pa, '->', pb, 'of', len(wa))
for k in wa:
    if (wa[k] is None) != (wb.get(k) is None): print('  differs:', k, wa[k], wb.get(k))
both=[k for k in wa if wa[k] and wb.get(k)]
import math
print('geo-mean nodes ratio on both-proven', math.exp(sum(math.log(wb[k]/wa[k]) for k in both)/len(both)))
