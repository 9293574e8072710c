#!/usr/bin/env bash
# Grades the whole of week 3 for each student of grader/testdata/languages (and the Python student of
# grader/testdata/honest), as a course would: handed in as sources, built by `grade` itself, then
# every test of week 3 and its generated tests, with the week's default limits. Prints, per language,
# the build and grading time and the score; run by hand (minutes), as root for the uid tier:
#   bench/language_students.sh [--sandbox namespaces|uid|none] [-j N] [LANGUAGE...]
# Needs build/grade and build/uir-oracle (BUILD_TARGETS="grade uir-oracle" scripts/build.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${BUILD_DIR:-$root/build}"
sandbox=namespaces
jobs=2
languages=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sandbox) sandbox="$2"; shift 2 ;;
    -j) jobs="$2"; shift 2 ;;
    *) languages+=("$1"); shift ;;
  esac
done
[ ${#languages[@]} -gt 0 ] || languages=(java scala ocaml haskell rust go node python cpp cpp-sanitized)
for tool in "$build/grade" "$build/uir-oracle"; do
  [ -x "$tool" ] || { echo "language_students: $tool is missing (build it first)" >&2; exit 2; }
done

# The grader's own files private to it (the uid tier requires it), the students' readable by all.
area="$(mktemp -d /tmp/uirgrade-bench-languages-XXXXXX)"
trap 'rm -rf "$area"' EXIT
mkdir -p "$area/grader" "$area/students"
chmod 700 "$area/grader"
chmod 755 "$area" "$area/students"
cp -r "$root/suites" "$area/grader/suites"

echo "week 3, sandbox $sandbox, -j $jobs, on $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-14s %9s %9s %7s %s\n' language build_s grade_s score "tests/s"
for language in "${languages[@]}"; do
  dir="$area/students/$language"
  if [ "$language" = python ]; then
    cp -r "$root/grader/testdata/honest/python_student" "$dir"
    mkdir -p "$dir/uirc/core" && cp "$build/uir-oracle" "$dir/uirc/core/uirc-core"
  else
    cp -r "$root/grader/testdata/languages/$language" "$dir"
    mkdir -p "$dir/core" && cp "$build/uir-oracle" "$dir/core/uirc-core"
    [ "$language" = cpp-sanitized ] && cp "$root/grader/testdata/languages/cpp/main.cc" "$dir/"
  fi
  chmod -R a+rX "$dir"
  report="$area/grader/$language.json"
  start=$(date +%s.%N)
  # `grade` builds a submission whose recipe is beside student-uirc, then grades what it built.
  (cd "$area/grader" && "$build/grade" --week 3 "$dir/student-uirc" --suites "$area/grader/suites" \
     --sandbox "$sandbox" -j "$jobs" --format json --output "$report" > "$area/grader/$language.txt" 2>&1) || true
  end=$(date +%s.%N)
  python3 - "$report" "$start" "$end" "$language" "$area/grader/$language.txt" <<'EOF'
import json, re, sys
path, start, end, language, text_path = sys.argv[1:6]
total = float(end) - float(start)
text = open(text_path, errors="replace").read()
built = re.search(r"built from \S+ in the sandbox: student-uirc \(([0-9.]+) s\)", text)
build_s = float(built.group(1)) if built else 0.0  # "grade: built from build.sh in the sandbox: student-uirc (1.3 s)"
try:
    report = json.load(open(path))
except (OSError, ValueError):
    print(f"{language:<14} {'-':>9} {total:9.1f} {'-':>7} no report: {text.strip().splitlines()[-1:]}")
    sys.exit(0)
tests = report["totals"]["tests"]
grading = report["seconds"] - build_s  # the report's time includes the build
score = f'{report["totals"]["passed"]}/{tests}'
print(f"{language:<14} {build_s:9.1f} {grading:9.1f} {score:>7} {tests / grading:.1f}"
      + ("" if report["totals"]["passed"] == tests else "  " + report["did_not_start"]))
EOF
done
