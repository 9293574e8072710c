#!/usr/bin/env bash
# The README's second command: installs what is missing, builds, and runs every test (ctest runs the
# unit, property and integration tests, including the suites' self-check against the oracle).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh --tests
./scripts/build.sh
build_dir="${BUILD_DIR:-build}"
ctest --test-dir "$build_dir" -j "$(nproc)" --output-on-failure
