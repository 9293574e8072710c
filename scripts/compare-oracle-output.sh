#!/usr/bin/env bash
# Byte-identical check of two uir-oracle binaries: runs `check`, `run`, `render` and `lin` of each on
# every .uir file under suites/, oracle/testdata/ and mutation/testdata/ (the catalogue's programs)
# and compares stdout, stderr and exit code.
# A refactoring of the oracle must leave all four outputs unchanged (issue 11).
#
#   scripts/compare-oracle-output.sh BEFORE_BIN AFTER_BIN   compare; exit 0 when identical
#   scripts/compare-oracle-output.sh --snapshot BIN DIR     only write BIN's outputs into DIR
#
# `run` reads every buffer's contents on stdin. The data is made here, from the program text alone,
# so that it is the same for both binaries whatever the grader does: a `# data S:` header of explicit
# values (or `zeros`, `iota`) is honoured, every other top-level buffer gets a fixed arithmetic
# sequence. Buffers too large to write (more than 100000 values) get no line; the oracle then answers
# "malformed stdin", which is compared like any other output.
set -euo pipefail
cd "$(dirname "$0")/.."

data_for() {  # data_for FILE: the stdin `run` gets for FILE
  awk '
    /^# data [0-9]+:/ {
      slot = $3; sub(":", "", slot); slot += 0
      rest = $0; sub(/^# data [0-9]+:[ \t]*/, "", rest)
      header[slot] = rest
      next
    }
    /^%[^ ]+ = buffer [0-9]+ dtype=(i32|f32) slot=[0-9]+/ {
      n = $4 + 0; dtype = $5; sub("dtype=", "", dtype); slot = $6; sub("slot=", "", slot); slot += 0
      if (n > 100000) next
      h = (slot in header) ? header[slot] : ""
      line = slot ":"
      if (h ~ /^-?[0-9.]/ || h ~ /^(nan|inf|-inf)/) {
        line = line " " h
      } else {
        for (k = 0; k < n; k++) {
          if (h == "zeros") v = 0
          else if (h == "iota") v = k
          else v = ((k * 7919 + slot * 104729 + 13) % 41) - 20
          if (dtype == "f32" && h != "zeros" && h != "iota") v = v / 4
          line = line " " v
        }
      }
      print line
    }
  ' "$1"
}

snapshot() {  # snapshot BIN DIR
  local bin="$1" dir="$2" file out
  rm -rf "$dir"
  mkdir -p "$dir"
  while IFS= read -r file; do
    out="$dir/$file"
    mkdir -p "$(dirname "$out")"
    for cmd in check run render lin; do
      local input=/dev/null
      if [ "$cmd" = run ]; then
        data_for "$file" > "$out.data"
        input="$out.data"
      fi
      local rc=0
      timeout 60 "$bin" "$cmd" "$file" < "$input" > "$out.$cmd.stdout" 2> "$out.$cmd.stderr" || rc=$?
      echo "$rc" > "$out.$cmd.exit"
    done
  done < <(find suites oracle/testdata mutation/testdata -name '*.uir' | LC_ALL=C sort)
}

if [ "${1:-}" = --snapshot ]; then
  [ $# -eq 3 ] || { echo "usage: $0 --snapshot BIN DIR" >&2; exit 2; }
  snapshot "$(realpath "$2")" "$3"
  exit 0
fi
[ $# -eq 2 ] || { echo "usage: $0 BEFORE_BIN AFTER_BIN | --snapshot BIN DIR" >&2; exit 2; }
before="$(realpath "$1")"
after="$(realpath "$2")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
snapshot "$before" "$work/before"
snapshot "$after" "$work/after"
files=$(find suites oracle/testdata mutation/testdata -name '*.uir' | wc -l)
outputs=$(find "$work/before" -type f ! -name '*.data' | wc -l)
if diff -r "$work/before" "$work/after"; then
  echo "identical: $files programs x check/run/render/lin ($outputs outputs: stdout, stderr, exit code)"
else
  echo "DIFFERENT (see the diff above)" >&2
  exit 1
fi
