#!/usr/bin/env bash
# Compiles every source file of a configured build once more with Debian's clang, syntax and
# semantic analysis only (-fsyntax-only: clang's warnings come from its front end), with the
# project's warning flags and -Werror, and exits non-zero on the first file with a warning. It reads
# the build's compile_commands.json, so it checks exactly the files and flags the gcc build uses.
# About half a full build's CPU time, so it is run by hand (before a change that touches many files),
# not by CI, which keeps gcc at zero warnings with -DUIRGRADE_WERROR=ON (docs/architecture.md,
# "Build and test time").
#
#   scripts/check-clang.sh [BUILD_DIR]    default: build; installs clang when it is missing
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${1:-build}"
[ -f "$build_dir/compile_commands.json" ] || { echo "check-clang: no $build_dir/compile_commands.json (configure first: scripts/build.sh)" >&2; exit 2; }
if ! command -v clang++ > /dev/null; then
  apt-get update && apt-get install -y clang
fi
# One line per file: the directory, then gcc's command with the compiler swapped (clang for C, clang++
# for C++; ccache dropped), the output dropped and -fsyntax-only -Werror added.
python3 - "$build_dir/compile_commands.json" > "$build_dir/clang-commands.txt" <<'EOF'
import json, shlex, sys
for entry in json.load(open(sys.argv[1])):
    args = shlex.split(entry["command"])
    if args[0].endswith("ccache"):
        args = args[1:]
    c_file = args[0].endswith(("cc", "gcc")) and not args[0].endswith("c++")
    out, skip = ["clang" if c_file else "clang++"], False
    for a in args[1:]:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT"):
            skip = True
            continue
        if a in ("-c", "-MD"):
            continue
        out.append(a)
    # -Wno-unknown-warning-option: the schemata objects turn off gcc-only warnings clang does not know.
    out += ["-fsyntax-only", "-Wno-unknown-warning-option", "-Werror"]
    print(shlex.quote(entry["directory"]) + "\t" + shlex.join(out))
EOF
total=$(wc -l < "$build_dir/clang-commands.txt")
echo "check-clang: $total files with $(clang++ --version | head -1)"
# xargs stops at the first failing file (exit 255) and the file's warnings are printed as clang wrote them.
tr '\t' '\n' < "$build_dir/clang-commands.txt" | xargs -d '\n' -n 2 -P "$(nproc)" sh -c 'cd "$1" && eval "$2" || exit 255' sh
echo "check-clang: no warning in $total files"
