#!/usr/bin/env bash
# Compiles every source file of a configured build once more with Debian's clang, syntax and
# semantic analysis only (-fsyntax-only: clang's warnings come from its front end), with the
# project's warning flags and -Werror, and exits non-zero on the first file with a warning. It reads
# the build's compile_commands.json, so it checks exactly the files and flags the gcc build uses.
# Every file (465) costs 284 CPU-s, 0.54x gcc's compile of the same files, so that is run by hand
# before a change that touches many files. CI checks the production files, the
# code that is shipped (ctest `clang_production`, some 200 of the 480 files, beside the other tests),
# and gcc keeps every file at zero with -DUIRGRADE_WERROR=ON (docs/architecture.md, "Build and test
# time").
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
# for C++; ccache dropped), the output dropped and -fsyntax-only -Werror added.
python3 - "$build_dir/compile_commands.json" "$production" > "$build_dir/clang-commands.txt" <<'EOF'
import json, shlex, sys
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
    # The precompiled header (CMake's `-include .../cmake_pch.hxx`, UIRGRADE_PCH) is gcc's: without
    # it, clang also sees a file that uses a standard header it does not include, which gcc with the
    # header included first into every file cannot.
    rest, out = args[1:], ["clang" if c_file else "clang++"]
    while rest:
        a = rest.pop(0)
        if a == "-include" and rest and rest[0].endswith("cmake_pch.hxx"):
            rest.pop(0)
        elif a in ("-o", "-MF", "-MT"):
            rest.pop(0)
        elif a not in ("-c", "-MD", "-Winvalid-pch"):
            out.append(a)
    # -Wno-unknown-warning-option: the schemata objects turn off gcc-only warnings clang does not know.
    out += ["-fsyntax-only", "-Wno-unknown-warning-option", "-Werror"]
    print(shlex.quote(entry["directory"]) + "\t" + shlex.join(out))
EOF
total=$(wc -l < "$build_dir/clang-commands.txt")
echo "check-clang: $total files with $(clang++ --version | head -1)"
# xargs stops at the first failing file (exit 255) and the file's warnings are printed as clang wrote them.
tr '\t' '\n' < "$build_dir/clang-commands.txt" | xargs -d '\n' -n 2 -P "$jobs" sh -c 'cd "$1" && eval "$2" || exit 255' sh
echo "check-clang: no warning in $total files"
