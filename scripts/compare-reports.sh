#!/usr/bin/env bash
# Byte-identical check of two grade builds' reports, apart from times: grades the bundled example
# student (scripts/example-students/loads-never-move) in every report format (text, JSON, JUnit,
# Gradescope), then a class of four (the oracle's CLI, the example student, a folder without
# student-uirc, a student-uirc that is not executable) with `grade class`, and compares the outputs
# of BEFORE and AFTER after masking times, dates and the build directories' paths.
# A refactoring of the grader must leave them unchanged (issue 21).
#
#   scripts/compare-reports.sh BEFORE_BUILD_DIR AFTER_BUILD_DIR   exit 0 when identical
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: $0 BEFORE_BUILD_DIR AFTER_BUILD_DIR" >&2; exit 2; }
work=$(mktemp -d /tmp/uirgrade-compare-reports-XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"  # the example student runs under a borrowed uid, which must reach its folder
seed=20261203

grade_with() {  # grade_with NAME BUILD_DIR: every report of both runs into $work/NAME/out
  local name=$1 build; build=$(cd "$2" && pwd)
  local root="$work/$name" && mkdir -p -m 755 "$root" "$root/student" && mkdir -p "$root/out"
  cp scripts/example-students/loads-never-move "$build/uir-mutant" "$root/student/"
  "$build/grade" --week 3 "$root/student/loads-never-move" --seed "$seed" --quiet \
    --format text --output "$root/out/report.txt" --format json --output "$root/out/report.json" \
    --format junit --output "$root/out/report.xml" --format gradescope --output "$root/out/gradescope.json" || true
  local class="$root/class"
  mkdir -p "$class/good" "$class/buggy" "$class/missing" "$class/not-executable"
  cp "$build/uir-oracle" "$class/good/student-uirc"
  cp scripts/example-students/loads-never-move "$class/buggy/student-uirc"
  cp "$build/uir-mutant" "$class/buggy/"
  cp "$class/good/student-uirc" "$class/not-executable/student-uirc"
  chmod 755 "$class/good/student-uirc" "$class/buggy/student-uirc"
  chmod 644 "$class/not-executable/student-uirc"
  chmod 755 "$class" "$class"/*  # auto picks namespaces here: a student's own folder is bound in, readable by its uid
  "$build/grade" class --week 3 "$class" --out "$root/out/class" --seed "$seed" --quiet 2>"$root/out/class.stderr" || true
  rm -rf "$root/out/class/state"
  # Minimising a failing generated test is bounded by wall-clock time (60 s for all of a student's
  # failures), so on a loaded machine how far it gets differs from run to run: its programs and
  # their messages are masked, the rest of each failure is compared.
  find "$root/out" -type f -print0 | xargs -0 perl -0pi -e '
    s/# minimised by (?:uirgen|grade).*?(\n\n|\\n\\n|<\/pre>|"(?=,|\n))/MINIMISED$1/gs;
    s/([Tt]he same failure|fails the same way) \((?:[^()]|\([^()]*\))*\)/$1 (M)/g;
    s/(whose minimised program \([^)]*\) is [a-z-]+: ).*?(<\/summary>)/$1M$2/g;
    s/"minimized_message": "[^"]*"/"minimized_message": M/g;'
  # Mask what may differ between two runs: times, dates, and where each build and run lives.
  find "$root/out" -type f -print0 | xargs -0 sed -i -E \
    -e "s#$build#BUILD#g" -e "s#$root#ROOT#g" -e "s#$work#WORK#g" \
    -e 's/[0-9]+\.[0-9]+ ?(s|ms|seconds)\b/T \1/g' -e 's/uid [0-9]+/uid U/g' -e 's/uids [0-9]+-[0-9]+ \(a window drawn at random from [0-9-]+\)/uids W/g' \
    -e 's/"(time|wall_seconds|cpu_seconds|execution_time|compile_time|seconds|duration|peak_rss_bytes|started_at|finished_at|date)": ?[^,}]*/"\1": T/g' \
    -e 's/name="compile_time" value="[^"]*"/name="compile_time" value="T"/g' \
    -e 's/(time|timestamp)="[^"]*"/\1="T"/g' -e 's/"key": "[^"]*"/"key": K/g' \
    -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9:.]+Z?/DATE/g'
}

grade_with before "$1"
grade_with after "$2"
if diff -r "$work/before/out" "$work/after/out"; then
  echo "compare-reports: identical ($(find "$work/after/out" -type f | wc -l) files: text, JSON, JUnit, Gradescope; a class of four)"
else
  echo "compare-reports: the reports differ (above)" >&2
  exit 1
fi
