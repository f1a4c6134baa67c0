cd /work/judge
./answers.sh blkc /work/deep/bin/pbrain-blkc 1000 pos-v.txt
python3 /work/main/tournaments/agreement.py judge pos-v.txt /tmp/tools/opponents/pbrain-rapfi main1v.txt blkc.txt --ms 1000 --cache cache.txt > judge-blkc.txt 2>&1
