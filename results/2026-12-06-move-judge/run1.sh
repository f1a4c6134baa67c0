cd /work/judge
./answers.sh main1w /work/deep/bin/pbrain-pt10 1000 pos-w.txt
awk '{ $1 = $1 + 322; print }' main1w.txt > main1w.shift && cat main1.txt main1w.shift > main1v.txt
for v in deep3 w16 lq60 nonull; do ./answers.sh $v /work/deep/bin/pbrain-$v 1000; done
python3 /work/main/tournaments/agreement.py judge pos-v.txt /tmp/tools/opponents/pbrain-rapfi main1v.txt deep3.txt w16.txt lq60.txt nonull.txt --ms 1000 --cache cache.txt > judge-r1.txt 2>&1
