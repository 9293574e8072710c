#!/usr/bin/env bash
# The README's first command: installs what is missing, builds, and runs the main job on the bundled
# defaults: grading the oracle's own CLI as if it were a student's compiler (week 3; it scores 100%),
# then a bundled student with one planted bug, to show the report a student sees (a digest of the
# failures by cause). Exits with the first grading's status: 0 when the oracle passes everything.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
# Only what this grading runs (grade, uir-oracle, and uir-mutant for the bundled student: its main
# file and a link, since grade builds the libraries it needs; not the tests, benches or the oracle's
# fault analysis): a few minutes on 2 cores. ninja prints one line per file it compiles:
# "[done/total] ...".
echo "grade-example: building grade, uir-oracle and uir-mutant (a few minutes on 2 cores; the tests are built by the README's second command)"
BUILD_TARGETS="${BUILD_TARGETS:-grade uir-oracle uir-mutant}" ./scripts/build.sh
build_dir="${BUILD_DIR:-build}"
status=0
"$build_dir/grade" --week 3 "$build_dir/uir-oracle" "$@" || status=$?
echo
echo "=== And a student whose loads never move into loops (scripts/example-students/loads-never-move):"
echo
student_dir="$build_dir/example-student"  # the student's own directory: all a sandboxed student sees
mkdir -p "$student_dir"
cp scripts/example-students/loads-never-move "$build_dir/uir-mutant" "$student_dir/"
"$build_dir/grade" --week 3 "$student_dir/loads-never-move" --quiet "$@" || true
exit "$status"
