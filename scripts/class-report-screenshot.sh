#!/usr/bin/env bash
# Opens a class report in headless Chromium (Debian's `chromium`): checks that it renders with the
# histogram and the per-test table, that a student's <script> in its stderr stays text (while the same
# bytes inserted raw, in a deliberately weakened copy of the page, do run), and saves a screenshot.
#   scripts/class-report-screenshot.sh OUT.png [BUILD_DIR]
# It grades a small demo class first (the oracle, a catalogued bug, a student printing a script to
# stderr, a crashing student, a missing submission). Exit 0: all checks passed; 1: a check failed;
# 77: chromium is not installed (apt-get install chromium), so nothing was checked.
set -euo pipefail
cd "$(dirname "$0")/.."
out_png="$(realpath -m "${1:?usage: $0 OUT.png [BUILD_DIR]}")"
build="$(realpath "${2:-build}")"
browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$browser" ]; then
  echo "class-report-screenshot: skipped: no chromium (apt-get install chromium)" >&2
  exit 77
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
subs="$work/subs"
mkdir -p "$subs"/{ann,bob,cy,dan,eve,fay,gus,hal} "$subs/ivy"
for id in ann fay; do cp "$build/uir-oracle" "$subs/$id/student-uirc"; done
for id in bob gus; do
  cp "$build/uir-oracle" "$subs/$id/uir-oracle"
  printf '#!/bin/sh\nexec "$(dirname "$0")/uir-oracle" --mutant loads-never-move "$@"\n' > "$subs/$id/student-uirc"
done
cp "$build/uir-oracle" "$subs/hal/uir-oracle"
printf '#!/bin/sh\nexec "$(dirname "$0")/uir-oracle" --mutant subset-scope "$@"\n' > "$subs/hal/student-uirc"
printf '#!/bin/sh\necho "<script>document.title=\x27pwned\x27</script>" >&2\nexit 3\n' > "$subs/cy/student-uirc"
cp "$build/students/student_segfault" "$subs/dan/student-uirc"
cp "$build/students/student_print_garbage" "$subs/eve/student-uirc"
chmod -R a+rX "$work" && chmod +x "$subs"/*/student-uirc
"$build/grade" class --week 3 "$subs" --out "$work/out" --only 'week3/*' --student-budget 120 2> "$work/grade.log" ||
  { cat "$work/grade.log" >&2; exit 1; }
report="$work/out/class.html"

run_browser() { timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
  --user-data-dir="$work/profile" "$@" 2> /dev/null; }
fail() { echo "class-report-screenshot: FAILED: $*" >&2; exit 1; }

dom="$(run_browser --dump-dom "file://$report")"
grep -q '<svg id="histogram"' <<< "$dom" || fail "no histogram in the rendered page"
[ "$(grep -o '<rect class="bin"' <<< "$dom" | wc -l)" -eq 10 ] || fail "the histogram does not have 10 bins"
grep -q '<table id="pass-rates">' <<< "$dom" || fail "no per-test table in the rendered page"
[ "$(grep -o '<tr><td>week3/' <<< "$dom" | wc -l)" -ge 10 ] || fail "the per-test table has too few rows"
grep -q '<title>Week 3 class report</title>' <<< "$dom" || fail "the student's script ran in the real report"
grep -q '&lt;script&gt;document.title' <<< "$dom" || fail "the student's stderr is not shown as text"

# The weakened copy: the same bytes unescaped and the Content-Security-Policy removed. The script must
# run there, or the check above proves nothing.
sed -e "s/&lt;script&gt;document.title=&#39;pwned&#39;&lt;\/script&gt;/<script>document.title='pwned'<\/script>/" \
    -e '/Content-Security-Policy/d' "$report" > "$work/out/weakened.html"
run_browser --dump-dom "file://$work/out/weakened.html" | grep -q '<title>pwned</title>' ||
  fail "the weakened page did not run the student's script: the check cannot see an attack"

run_browser --hide-scrollbars --window-size=1100,1400 --screenshot="$out_png" "file://$report" > /dev/null
[ -s "$out_png" ] || fail "no screenshot"
echo "class-report-screenshot: renders with the histogram and the per-test table; the student's script stays text; $out_png"
