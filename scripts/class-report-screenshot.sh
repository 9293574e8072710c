#!/usr/bin/env bash
# Opens a class report in headless Chromium (Debian's `chromium`): checks that it renders with the
# histogram and the per-test table, that a student's <script> in its stderr stays text (while the same
# bytes inserted raw, in a deliberately weakened copy of the page, do run), that its similarity section
# puts the planted pair first with their C side by side, and saves two screenshots (OUT.png, the top of
# the report, and OUT-similarity.png, its similarity section).
#   scripts/class-report-screenshot.sh OUT.png [BUILD_DIR]
# It grades a small demo class first (the oracle, a catalogued bug, a student printing a script to
# stderr, a crashing student, a missing submission, a student rendering C in a style of her own and
# one who handed in her compiler with the values renamed and the layout redone; their folders carry
# sources too, kim's jo's renamed, and every student the handout's util.c), with --similarity and
# --handout. Exit 0: all checks passed; 1: a check failed;
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
mkdir -p "$subs"/{ann,bob,cy,dan,eve,fay,gus,hal,jo,kim} "$subs/ivy"
for id in ann fay; do cp "$build/uir-oracle" "$subs/$id/student-uirc"; done
for id in bob gus; do
  cp "$build/uir-mutant" "$subs/$id/uir-mutant"
  printf '#!/bin/sh\nexec "$(dirname "$0")/uir-mutant" loads-never-move "$@"\n' > "$subs/$id/student-uirc"
done
cp "$build/uir-mutant" "$subs/hal/uir-mutant"
printf '#!/bin/sh\nexec "$(dirname "$0")/uir-mutant" subset-scope "$@"\n' > "$subs/hal/student-uirc"
# jo renders the oracle's C her own way (const values, `+= 1` counters); kim hands in jo's compiler
# with every value renamed and four-space indents.
jo_style='s/^\(  *\)\(int32_t\|float\|bool\) v/\1const \2 v/;s/++) {/ += 1) {/'
for id in jo kim; do
  sed_script="$jo_style"
  [ "$id" = kim ] && sed_script="$jo_style;s/v\([0-9][0-9]*\)_/val\1_/g;s/^  /    /"
  cp "$build/uir-oracle" "$subs/$id/uir-oracle"
  cat > "$subs/$id/student-uirc" <<EOF
#!/bin/sh
d="\$(dirname "\$0")"
if [ "\$1" = render ]; then
  c="\$("\$d/uir-oracle" render "\$2")" || exit \$?
  printf '%s\n' "\$c" | sed -e '$sed_script'
  exit 0
fi
exec "\$d/uir-oracle" "\$@"
EOF
done
# Sources: the handout's util.c in every folder (no evidence with --handout), jo's renderer and kim's
# copy of it with the names changed and every indent redone, ann and fay their own.
mkdir -p "$work/handout"
cp grader/testdata/students/hostile_memory_spread.c "$work/handout/util.c"
for id in ann bob cy dan eve fay gus hal jo kim; do cp "$work/handout/util.c" "$subs/$id/util.c"; done
cp grader/testdata/students/hostile_traces.c "$subs/jo/renderer.c"
sed -e 's/\bfd\b/handle/g;s/\bbuf\b/bytes/g;s/\bpath\b/where/g;s/^  */\t/' grader/testdata/students/hostile_traces.c \
  > "$subs/kim/emit_c.c"
cp grader/testdata/students/busy_helper_threads.c "$subs/ann/main.c"
cp grader/testdata/students/hostile_daemon.c "$subs/fay/main.c"
printf '#!/bin/sh\necho "<script>document.title=\x27pwned\x27</script>" >&2\nexit 3\n' > "$subs/cy/student-uirc"
cp "$build/students/student_segfault" "$subs/dan/student-uirc"
cp "$build/students/student_print_garbage" "$subs/eve/student-uirc"
chmod -R a+rX "$work" && chmod +x "$subs"/*/student-uirc
"$build/grade" class --week 3 "$subs" --out "$work/out" --only 'week3/*' --student-budget 120 --similarity \
  --handout "$work/handout" 2> "$work/grade.log" ||
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

grep -q '<h2 id="similarity-title">' <<< "$dom" || fail "no similarity section in the rendered page"
grep -q '<tr><td class="num"><a href="#pair-1">1</a></td><td><a href="students/jo.txt">jo</a> and <a href="students/kim.txt">kim</a>' <<< "$dom" ||
  fail "the planted pair (jo, kim) is not the first of the similarity section"
grep -q '<details id="pair-1" open="">' <<< "$dom" || fail "the first pair's evidence is not unfolded"
grep -q '<mark>' <<< "$dom" || fail "no shared line marked in the evidence"
grep -q '<th>source</th>' <<< "$dom" || fail "no source column in the similarity section"
grep -q '<p class="source-evidence">Source: [0-9]*% of \(jo\|kim\).s source tokens' <<< "$dom" ||
  fail "no source evidence for the planted pair"
grep -q 'the handout .* excluded' <<< "$dom" || fail "the section does not say the handout was excluded"

run_browser --hide-scrollbars --window-size=1100,1400 --screenshot="$out_png" "file://$report" > /dev/null
[ -s "$out_png" ] || fail "no screenshot"
# The similarity section alone: the report's own page, cut to the section (the same bytes, no script).
similarity_png="${out_png%.png}-similarity.png"
sed -n '1,/<body>/p' "$report" > "$work/out/similarity-section.html"
sed -n '/<h2 id="similarity-title">/,/How the score is computed/p' "$report" >> "$work/out/similarity-section.html"
echo '</body></html>' >> "$work/out/similarity-section.html"
run_browser --hide-scrollbars --window-size=1100,1300 --screenshot="$similarity_png" \
  "file://$work/out/similarity-section.html" > /dev/null
[ -s "$similarity_png" ] || fail "no screenshot of the similarity section"
echo "class-report-screenshot: renders with the histogram and the per-test table; the student's script stays text;" \
  "the planted pair tops the similarity section; $out_png, $similarity_png"
