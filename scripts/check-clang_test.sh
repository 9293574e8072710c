#!/usr/bin/env bash
# check-clang.sh can fail: on a one-file build whose file gcc 12 compiles without a warning and clang 14
# refuses (a lambda capturing a structured binding, as class/similarity_sources.cc once did), it exits
# non-zero; on the same file written as clang accepts it, 0. Exit 77 (skipped) without clang++.
set -euo pipefail
script="$(cd "$(dirname "$0")" && pwd)/check-clang.sh"
command -v clang++ > /dev/null || { echo "check-clang_test: skipped: no clang++"; exit 77; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/binding.cc" <<'CC'
#include <map>
int count_big(const std::map<int, int>& m) {
  int n = 0;
  for (const auto& [key, value] : m) n += [&] { return value > key; }();
  return n;
}
CC
sed 's/const auto& \[key, value\] : m) n += \[&\]/const auto\& entry : m) n += [\&, key = entry.first, value = entry.second]/' \
  "$work/binding.cc" > "$work/named.cc"
check() {  # check FILE: check-clang.sh's exit status on a build of FILE alone
  mkdir -p "$work/build-$1"
  printf '[{"directory": "%s", "command": "/usr/bin/c++ -std=c++20 -Wall -Wextra -o x.o -c %s", "file": "%s"}]\n' \
    "$work" "$work/$1" "$work/$1" > "$work/build-$1/compile_commands.json"
  status=0
  "$script" --no-install "$work/build-$1" > "$work/$1.log" 2>&1 || status=$?
  echo "$status"
}
g++ -std=c++20 -Wall -Wextra -Werror -fsyntax-only "$work/binding.cc"  # gcc is content with it
refused=$(check binding.cc)
accepted=$(check named.cc)
echo "check-clang_test: on the structured binding: exit $refused; named: exit $accepted"
[ "$refused" != 0 ] || { cat "$work/binding.cc.log"; echo "check-clang_test: FAILED: clang's error was not caught"; exit 1; }
[ "$accepted" = 0 ] || { cat "$work/named.cc.log"; echo "check-clang_test: FAILED: a clean file was refused"; exit 1; }
grep -q "binding" "$work/binding.cc.log" || { cat "$work/binding.cc.log"; echo "check-clang_test: FAILED: not clang's binding error"; exit 1; }
