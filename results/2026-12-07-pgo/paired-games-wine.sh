cd /work/main
export WINEPREFIX=/work/main/build-win-pgo/wineprefix WINEDEBUG=-all
run() { /usr/bin/time -f "%e" ./build/selfplay --quiet --turn 60000 --opening "$2" "/usr/bin/wine $1 --depth 12" "/usr/bin/wine $1 --depth 12" 2>&1 | grep -E "^[0-9.]+$|^result" | tr '\n' ' '; }
for op in "0,0 1,-1 -1,-2" "0,0 -1,1 1,2" "0,0 2,0 1,1"; do
  { run build-win/pbrain-gamok.exe "$op" > /tmp/a.txt; } & { run build-win-pgo/pbrain-gamok.exe "$op" > /tmp/b.txt; } ; wait
  echo "$op :: plain: $(cat /tmp/a.txt) | pgo: $(cat /tmp/b.txt)"
done
