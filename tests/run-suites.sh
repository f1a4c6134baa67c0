#!/bin/sh
# Runs each cmocka suite given as an argument, and shell tests (*.sh, run with bash) that print
# cmocka's summary lines; prints a summary line and fails if any failed.
# (PASSED is not anchored: after a skipped test cmocka prints it on the "run." line.)
passed=0 failed=0 skipped=0 status=0
for t in "$@"; do
    case $t in
        *.sh) out=$(bash "$t" 2>&1); rc=$? ;;
        *) out=$("$t" 2>&1); rc=$? ;;
    esac
    printf '%s\n' "$out"
    p=$(printf '%s\n' "$out" | sed -n 's/^.*\[  PASSED  \] \([0-9]*\) test.*/\1/p' | tail -n 1)
    f=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | tail -n 1)
    s=$(printf '%s\n' "$out" | sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' | tail -n 1)
    passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0})); skipped=$((skipped + ${s:-0}))
    if [ $rc -ne 0 ]; then status=1; [ -z "$f" ] && failed=$((failed + 1)); fi
done
echo "$passed passed, $failed failed, $skipped skipped"
exit $status
