#!/bin/bash
# answers.sh NAME BRAIN TURN [POSFILE]: two shards in parallel into NAME.txt
cd /work/judge
n=$1; b=$2; t=${3:-1000}; p=${4:-pos-v.txt}
for i in 0 1; do python3 /work/main/tournaments/agreement.py answers $p "$b" --turn $t --shard $i/2 > $n.$i.part & done
wait
cat $n.0.part $n.1.part | sort -n > $n.txt && rm $n.0.part $n.1.part
