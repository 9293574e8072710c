#!/usr/bin/env bash
# What a `grade class` run holds as the class grows (issue 39), run by hand: a class of N students
# made from the oracle's CLI whose every kernel carries a large zero-initialised constant array
# (spec §6.2 allows one; it is stored in full in the object and the binary), plus with --hostile one
# student hostile in each way (hangs, floods stdout and stderr, renders more than 1 MiB of C,
# renders a kernel with a 100 MiB constant array, crashes), graded by the real `grade class`.
# Prints the wall time, the grader's peak resident memory (VmHWM), the peak size of its temporary
# directory (the compile cache, run directories, copies) and whether the gradebook is complete.
# Run it with the grade of another build (--grade) to compare.
#
#   bench/class_bounds.sh --students 8 --pad-mib 8
#   bench/class_bounds.sh --students 300 --hostile --student-budget 120 --only 'week3/*'
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
grade="$here/build/grade"
oracle="$here/build/uir-oracle"
students=8
pad_mib=8
hostile=0
jobs=2
sandbox=auto
only='week3/acc*'
budget=120
week=3
while [ $# -gt 0 ]; do
  case "$1" in
    --grade) grade="$2"; shift 2 ;;
    --oracle) oracle="$2"; shift 2 ;;
    --students) students="$2"; shift 2 ;;
    --pad-mib) pad_mib="$2"; shift 2 ;;
    --hostile) hostile=1; shift ;;
    --jobs) jobs="$2"; shift 2 ;;
    --sandbox) sandbox="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --student-budget) budget="$2"; shift 2 ;;
    --week) week="$2"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "class_bounds: unknown option $1" >&2; exit 2 ;;
  esac
done

work="$(mktemp -d /tmp/uirgrade-class-bounds-XXXXXX)"
trap 'rm -rf "$work"' EXIT
subs="$work/subs" tmp="$work/tmp" out="$work/out"
mkdir -p "$subs" "$tmp"
chmod 755 "$work" "$subs"
chmod 1777 "$tmp"

# $1: id, $2: the body of student-uirc after its first lines; the oracle beside it.
student() {
  mkdir -p "$subs/$1"
  cp "$oracle" "$subs/$1/uir-oracle"
  printf '#!/bin/sh\nd=$(dirname "$0")\n%s\n' "$2" > "$subs/$1/student-uirc"
  chmod 755 "$subs/$1/student-uirc"
}
padded() {  # the oracle's kernel and a constant array of $1 bytes
  echo "if [ \"\$1\" = render ]; then \"\$d/uir-oracle\" render \"\$2\" || exit \$?; echo 'static const volatile char uirc_table[$1] = {0};'; exit 0; fi
exec \"\$d/uir-oracle\" \"\$@\""
}
# Each student's array one byte longer than the last: every student renders C of its own, as a
# class does (identical kernels would share whatever a cache of kernels keeps).
for k in $(seq 1 "$students"); do student "$(printf 's%03d' "$k")" "$(padded $(((pad_mib << 20) + k)))"; done
if [ "$hostile" = 1 ]; then
  student hostile-hang 'exec sleep 100000'
  student hostile-flood 'yes flooding-stdout & yes flooding-stderr >&2; wait'
  student hostile-huge-c 'if [ "$1" = render ]; then "$d/uir-oracle" render "$2" || exit $?; head -c 2000000 /dev/zero | tr "\0" " "; printf "/*%0600000d*/\n" 0; exit 0; fi
exec "$d/uir-oracle" "$@"'
  student hostile-100mib-array "$(padded $((100 << 20)))"
  student hostile-crash 'kill -SEGV $$'
fi
chmod -R a+rX "$subs"

start=$(date +%s.%N)
TMPDIR="$tmp" "$grade" class --week "$week" --suites "$here/suites" --only "$only" --sandbox "$sandbox" --jobs "$jobs" \
  --student-budget "$budget" --out "$out" "$subs" 2> "$work/log" &
pid=$!
peak_rss_kib=0 peak_tmp_bytes=0 peak_mounts=0
while kill -0 "$pid" 2> /dev/null; do
  rss=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status" 2> /dev/null || true)
  [ "${rss:-0}" -gt "$peak_rss_kib" ] && peak_rss_kib=$rss
  bytes=$(du -sb "$tmp" 2> /dev/null | cut -f1 || true)  # files come and go while du walks
  [ "${bytes:-0}" -gt "$peak_tmp_bytes" ] && peak_tmp_bytes=$bytes
  # tmpfs mounted under the temporary directory hold their bytes in memory, not in du's count.
  mounted=$(awk -v dir="$tmp/" 'index($5, dir) == 1' /proc/self/mountinfo | wc -l)
  [ "$mounted" -gt "$peak_mounts" ] && peak_mounts=$mounted
  sleep 0.2
done
status=0
wait "$pid" || status=$?
end=$(date +%s.%N)
rows=$(($(wc -l < "$out/gradebook.csv" 2> /dev/null || echo 1) - 1))
expected=$((students + (hostile ? 5 : 0)))
printf 'students %d (+%d hostile), %s, jobs %d, constant array %d MiB\n' "$students" $((hostile ? 5 : 0)) \
  "$(grep -m1 'sandbox:' "$work/log" | sed 's/.*sandbox: //' | cut -c1-60)" "$jobs" "$pad_mib"
printf 'exit status %d; wall %.1f s; grader peak RSS %d MiB; temporary directory peak %d MiB; mounts under it at most %d\n' \
  "$status" "$(echo "$end - $start" | bc)" $((peak_rss_kib / 1024)) $((peak_tmp_bytes >> 20)) "$peak_mounts"
printf 'gradebook rows %d of %d; left in the temporary directory: %s\n' "$rows" "$expected" \
  "$(ls -A "$tmp" | wc -l) entries"
if [ "$hostile" = 1 ]; then grep '^hostile' "$out/gradebook.csv" | cut -d, -f1-5 || true; fi
grep -c ',graded,' "$out/gradebook.csv" | sed 's/^/graded: /'
out_bytes=$(du -sb "$out" | cut -f1)
printf 'outputs in --out: %d MiB (%d KiB a student)\n' $((out_bytes >> 20)) $((out_bytes / 1024 / (rows > 0 ? rows : 1)))
