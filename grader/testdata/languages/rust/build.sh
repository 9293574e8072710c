#!/bin/sh
# Builds the Rust student with cargo, offline (it has no dependencies; a student's would be vendored).
set -e
cargo build --offline --release --quiet
cp target/release/uirc student-uirc
