#!/usr/bin/env bash
# Compiles every source file of a configured build once more with Debian's clang, syntax and
# semantic analysis only (-fsyntax-only: clang's warnings come from its front end), with the
# project's warning flags and -Werror, and exits non-zero on the first file with a warning. It reads
# the build's compile_commands.json, so it checks exactly the files and flags the gcc build uses.
# With clang's own precompiled headers (below) every file (471) costs about 190 CPU-s, the shipped
# ones alone (--production, 212) about 80; CI checks every file (ctest `clang_every_file`, one file
# at a time beside the other tests), and gcc keeps every file at zero with -DUIRGRADE_WERROR=ON
# (docs/architecture.md, "Build and test time").
#
#   scripts/check-clang.sh [--production] [--no-install] [--jobs N] [BUILD_DIR]
#     BUILD_DIR      a configured build (default: build)
#     --production   only the shipped code: not the tests (*_test.cc) and the students they start
#                    (testdata/, hostile on purpose), nor the benches
#     --no-install   exit 77 (ctest's "skipped") when clang is missing, instead of installing it
#     --jobs N       files checked at once (default: the number of cores)
set -euo pipefail
cd "$(dirname "$0")/.."
production=0 install=1 jobs="$(nproc)" build_dir=build
while [ $# -gt 0 ]; do
  case "$1" in
    --production) production=1 ;;
    --no-install) install=0 ;;
    --jobs) jobs="${2:?--jobs N}"; shift ;;
    -*) echo "check-clang: unknown option $1" >&2; exit 2 ;;
    *) build_dir="$1" ;;
  esac
  shift
done
[ -f "$build_dir/compile_commands.json" ] || { echo "check-clang: no $build_dir/compile_commands.json (configure first: scripts/build.sh)" >&2; exit 2; }
if ! command -v clang++ > /dev/null; then
  [ "$install" = 1 ] || { echo "check-clang: skipped: no clang++ (scripts/install-deps.sh --tests installs it)"; exit 77; }
  apt-get update && apt-get install -y clang
fi
# One line per file: the directory, then gcc's command with the compiler swapped (clang for C, clang++
# for C++; ccache dropped), the output dropped and -fsyntax-only -Werror added. Every C++ file reads
# the standard library and fmt (and a test GoogleTest) from a precompiled header of clang's own, one
# per distinct set of flags (clang refuses one made with other flags), made first: most of a file's
# front-end time is those headers (0.57x the CPU time for production files with it, 0.46x for tests).
# gcc's own precompiled header (UIRGRADE_PCH, CMake's `-include .../cmake_pch.hxx`) is dropped.
mkdir -p "$build_dir/clang-pch"
trap 'rm -f "$build_dir"/clang-pch/*.pch' EXIT  # some 170 MB, made again by each run
python3 - "$build_dir/compile_commands.json" "$production" "$build_dir/clang-pch" > "$build_dir/clang-commands.txt" <<'EOF'
import json, os, shlex, sys
pch_dir = os.path.abspath(sys.argv[3])
headers = {False: ["algorithm", "cstdint", "filesystem", "functional", "map", "memory", "optional", "set",
                   "string", "string_view", "utility", "vector", "fmt/format.h"]}
headers[True] = headers[False] + ["gtest/gtest.h"]
for test, names in headers.items():
    with open(os.path.join(pch_dir, f"headers-{int(test)}.h"), "w") as out:
        out.writelines(f"#include <{name}>\n" for name in names)
pchs = {}  # (directory, flags, test) -> the precompiled header's path
pch_commands = []
for entry in json.load(open(sys.argv[1])):
    source = entry["file"]
    # The schemata's generated copy of the oracle (build/schemata/) is gcc's alone: every condition
    # is wrapped in a lambda, which clang 14 refuses where it names a structured binding; the files
    # it copies are checked here as they are written.
    if "/schemata/" in source:
        continue
    test_only = source.endswith("_test.cc") or "/testdata/" in source  # tests, and the students they start
    if sys.argv[2] == "1" and (test_only or "/bench/" in source):
        continue
    args = shlex.split(entry["command"])
    if args[0].endswith("ccache"):
        args = args[1:]
    c_file = args[0].endswith(("cc", "gcc")) and not args[0].endswith("c++")
    rest, flags = args[1:], []
    while rest:
        a = rest.pop(0)
        if a == "-include" and rest and rest[0].endswith("cmake_pch.hxx"):
            rest.pop(0)
        elif a in ("-o", "-MF", "-MT"):
            rest.pop(0)
        elif a not in ("-c", "-MD", "-Winvalid-pch", source):
            flags.append(a)
    # -Wno-unknown-warning-option: the schemata objects and a build with gcc's precompiled header turn
    # off gcc-only warnings clang does not know.
    flags += ["-Wno-unknown-warning-option", "-Werror"]
    if c_file:
        print(shlex.quote(entry["directory"]) + "\t" + shlex.join(["clang"] + flags + ["-fsyntax-only", source]))
        continue
    test = source.endswith("_test.cc")
    key = (entry["directory"], tuple(flags), test)
    if key not in pchs:
        pchs[key] = os.path.join(pch_dir, f"{len(pchs)}.pch")
        header = os.path.join(pch_dir, f"headers-{int(test)}.h")
        pch_commands.append(shlex.quote(entry["directory"]) + "\t" +
                            shlex.join(["clang++"] + flags + ["-x", "c++-header", header, "-o", pchs[key]]))
    print(shlex.quote(entry["directory"]) + "\t" +
          shlex.join(["clang++"] + flags + ["-include-pch", pchs[key], "-fsyntax-only", source]))
with open(os.path.join(pch_dir, "commands.txt"), "w") as out:
    out.writelines(line + "\n" for line in pch_commands)
EOF
total=$(wc -l < "$build_dir/clang-commands.txt")
echo "check-clang: $total files with $(clang++ --version | head -1), after $(wc -l < "$build_dir/clang-pch/commands.txt") precompiled headers"
# xargs stops at the first failing command (exit 255), and a file's warnings are printed as clang wrote them.
run_all() { tr '\t' '\n' < "$1" | xargs -d '\n' -n 2 -P "$jobs" sh -c 'cd "$1" && eval "$2" || exit 255' sh; }
run_all "$build_dir/clang-pch/commands.txt"
run_all "$build_dir/clang-commands.txt"
echo "check-clang: no warning in $total files"
