#!/usr/bin/env bash
# The ctest `independent_students_caught` (issue 23): every independently written buggy student of
# this folder fails at least one of the tests that should catch its class (caught_by.tsv), graded by
# `grade --week 3 --only ...`; and the oracle itself, graded as a student on all those tests, passes
# every one (the control: a test that fails everybody catches nothing). A failure counts only when
# it is the student's (a wrong buffer, exit or assert line, a crash, a sanitizer error, a time-out),
# never the grader's own internal error.
# Usage: check_caught.sh GRADE UIR_ORACLE [TABLE]   (TABLE: caught_by.tsv beside this script)
set -euo pipefail
grade=$1
oracle=$2
here=$(cd "$(dirname "$0")" && pwd)
table=${3:-$here/caught_by.tsv}
# The students find their core as uir-oracle beside them: a private copy of the folder, not the
# source tree, readable by the borrowed unprivileged uid students run as.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
cp "$here"/*.sh "$here"/*.py "$work"/
cp "$oracle" "$work/uir-oracle"
printf '#!/bin/sh\nexec "$(dirname "$0")/uir-oracle" "$@"\n' > "$work/oracle-as-student.sh"
chmod 755 "$work"/*.sh "$work"/*.py "$work/uir-oracle"

# grade_on NAME GLOB...: grade $work/NAME.sh on the tests GLOB... into $work/NAME.{json,txt,status}.
grade_on() {
  local name=$1 status=0
  shift
  local only=()
  for glob in "$@"; do only+=(--only "$glob"); done
  "$grade" --week 3 "$work/$name.sh" "${only[@]}" -q -j 2 \
    --format json --output "$work/$name.json" > "$work/$name.txt" 2>&1 || status=$?
  echo "$status" > "$work/$name.status"
}

# The first failing test that is the student's own doing, or nothing (also when any test met an
# internal error of the grader: then nothing about the student is known).
students_failure() {
  python3 -c '
import json, sys
tests = json.load(open(sys.argv[1]))["tests"]
own = [t for t in tests if t["verdict"] == "internal-error"]
real = [t for t in tests if t["verdict"] not in ("pass", "internal-error", "not-run")]
print("%s [%s]: %s" % (real[0]["name"], real[0]["mode"], real[0]["verdict"]) if real and not own else "")
' "$1" 2>/dev/null || true
}

students=()
all_globs=()
while IFS=$'\t' read -r student globs; do
  case "$student" in ''|'#'*) continue ;; esac
  students+=("$student")
  read -r -a globs_of_student <<< "$globs"
  all_globs+=("${globs_of_student[@]}")
  # Two graders at a time: most of a student's time is the C compiler's latency, not CPU.
  while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n || true; done
  grade_on "$student" "${globs_of_student[@]}" &
done < "$table"
grade_on oracle-as-student "${all_globs[@]}" &
wait

failures=0
for student in "${students[@]}"; do
  caught=$(students_failure "$work/$student.json")
  if [ "$(cat "$work/$student.status")" -eq 1 ] && [ -n "$caught" ]; then
    echo "caught:  $student ($caught)"
  else
    echo "ESCAPED: $student: grade exited $(cat "$work/$student.status") and no test failed for what it did"
    cat "$work/$student.txt"
    failures=$((failures + 1))
  fi
done
if [ "$(cat "$work/oracle-as-student.status")" -ne 0 ]; then
  echo "CONTROL FAILED: the oracle as a student does not pass the selected tests"
  cat "$work/oracle-as-student.txt"
  failures=$((failures + 1))
else
  echo "control: the oracle passes every selected test"
fi
exit $((failures > 0))
