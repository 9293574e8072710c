#!/usr/bin/env bash
# The ctest `independent_students_caught` (issue 23): every independently written buggy student of
# this folder fails at least one of the tests that should catch its class (caught_by.tsv), graded by
# `grade --week 3 --only ...`; and the oracle itself, graded as a student on all those tests, passes
# every one (the control: a test that fails everybody catches nothing).
# Usage: check_caught.sh GRADE UIR_ORACLE
set -euo pipefail
grade=$1
oracle=$2
here=$(cd "$(dirname "$0")" && pwd)
# The students find their core as uir-oracle beside them: a private copy of the folder, not the source tree.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here"/*.sh "$here"/*.py "$work"/
cp "$oracle" "$work/uir-oracle"
printf '#!/bin/sh\nexec "$(dirname "$0")/uir-oracle" "$@"\n' > "$work/oracle-as-student.sh"
chmod +x "$work"/*.sh "$work"/*.py

failures=0
all_globs=()
while IFS=$'\t' read -r student globs; do
  case "$student" in ''|'#'*) continue ;; esac
  only=()
  for glob in $globs; do only+=(--only "$glob"); all_globs+=(--only "$glob"); done
  set +e
  "$grade" --week 3 "$work/$student.sh" "${only[@]}" --max-failures 1 -q -j 2 > "$work/$student.txt" 2>&1
  status=$?
  set -e
  if [ "$status" -eq 1 ]; then
    echo "caught:  $student ($(grep -m1 '^FAILED' "$work/$student.txt"))"
  else
    echo "ESCAPED: $student: grade exited $status on $globs"
    cat "$work/$student.txt"
    failures=$((failures + 1))
  fi
done < "$here/caught_by.tsv"

set +e
"$grade" --week 3 "$work/oracle-as-student.sh" "${all_globs[@]}" -q -j 2 > "$work/control.txt" 2>&1
status=$?
set -e
if [ "$status" -ne 0 ]; then
  echo "CONTROL FAILED: the oracle as a student does not pass the selected tests (grade exited $status)"
  cat "$work/control.txt"
  failures=$((failures + 1))
else
  echo "control: the oracle passes every selected test ($(grep -m1 -E 'tests passed' "$work/control.txt" || true))"
fi
exit $((failures > 0))
