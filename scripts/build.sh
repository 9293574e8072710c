#!/usr/bin/env bash
# Configures and builds everything into ${BUILD_DIR:-build}. Extra arguments go to cmake's configure
# (on a build that is there too).
# BUILD_TARGETS (space-separated) builds only those targets: the Gradescope zip builds grade,
# uir-oracle and uirgen, the image uir-mutant too, and both configure with -DUIRGRADE_BUILD_TESTS=OFF
# (no GoogleTest).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${BUILD_DIR:-build}"
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ ! -f "$build_dir/CMakeCache.txt" ]; then
  cmake -S . -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
elif [ $# -gt 0 ]; then
  cmake -S . -B "$build_dir" "$@"  # options given again change the build that is there
fi
targets=()
[ -n "${BUILD_TARGETS:-}" ] && targets=(--target ${BUILD_TARGETS})
cmake --build "$build_dir" -j "$(nproc)" "${targets[@]}"
