#!/usr/bin/env bash
# The README's first command: installs what is missing, builds, and runs the main job on the bundled
# default: grading the oracle's own CLI as if it were a student's compiler, week 3.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
./scripts/build.sh
build_dir="${BUILD_DIR:-build}"
exec "$build_dir/grade" --week 3 "$build_dir/uir-oracle" "$@"
