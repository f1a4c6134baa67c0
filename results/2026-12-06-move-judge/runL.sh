cd /work/judge
./answers.sh mainL /work/deep/bin/pbrain-pt10 1000 posL-u.txt
./answers.sh deep3L /work/deep/bin/pbrain-deep3 1000 posL-u.txt
python3 /work/main/tournaments/agreement.py judge posL-u.txt /tmp/tools/opponents/pbrain-rapfi mainL.txt deep3L.txt --ms 1000 --cache cache.txt > judge-L.txt 2>&1
