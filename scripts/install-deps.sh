#!/usr/bin/env bash
# Installs the Debian packages uirgrade needs, skipping those already there. Run as root (CI is) or
# with sudo available. The Dockerfile runs this same script.
#   --tests   also what only the tests use: chromium, for the class report's rendering test
#             (without it that test skips; scripts/test.sh, which CI runs, passes --tests), and the
#             toolchains of the students in other languages (grader/testdata/languages: a JDK and
#             Scala, OCaml, GHC, Go, Node, Rust; some 1.6 GB, GHC the most), whose test fails in CI
#             without them, and clang, whose front end checks the shipped code for warnings
set -euo pipefail
packages=(build-essential cmake ninja-build libboost-dev libboost-filesystem-dev libyaml-cpp-dev
          libfmt-dev librapidcheck-dev libgtest-dev nlohmann-json3-dev bubblewrap python3 libssl-dev
          valgrind   # valgrind: counting a kernel's work (`# render: work`, grader/work/work_counter.h)
          similarity-tester)  # sim_c, sim_c++, ...: `grade class --similarity` compares sources (class/similarity_sources.h)
if [ "${1:-}" = "--tests" ]; then
  packages+=(chromium default-jdk-headless scala ocaml-nox ghc golang-go nodejs rustc cargo
             clang)  # clang: the ctest `clang_every_file` (scripts/check-clang.sh)
elif [ $# -gt 0 ]; then
  echo "install-deps: unknown argument '$1' (the only one is --tests)" >&2
  exit 2
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
