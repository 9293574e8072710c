#!/usr/bin/env bash
# Makes the Gradescope autograder zip: setup.sh and run_autograder at its root (Gradescope's
# contract), this repository's sources under uirgrade/ (setup.sh builds them on Gradescope's base
# image), the week to grade, and the course's own suites when given.
#   scripts/make-gradescope-zip.sh [--week N] [--suites DIR] [--packages "P..."] [--out FILE.zip] [--dir DIR]
#     --week N     the week run_autograder grades (default 3)
#     --suites DIR the course's suites (hidden tests included) instead of the built-in ones
#     --packages "P..." Debian/Ubuntu packages setup.sh also installs: the toolchains of the languages
#                  the course allows beyond C, C++ and Python (e.g. "default-jdk-headless ghc")
#     --out FILE   where the zip goes (default build/uirgrade-autograder-weekN.zip)
#     --dir DIR    also leave the unzipped tree there (the build context of docker/gradescope/Dockerfile)
set -euo pipefail
cd "$(dirname "$0")/.."
week=3 suites="" out="" keep_dir="" packages=""
while [ $# -gt 0 ]; do
  case "$1" in
    --week) week=${2:?--week needs a number}; shift 2 ;;
    --suites) suites=${2:?--suites needs a directory}; shift 2 ;;
    --out) out=${2:?--out needs a file name}; shift 2 ;;
    --dir) keep_dir=${2:?--dir needs a directory}; shift 2 ;;
    --packages) packages=${2:?--packages needs package names}; shift 2 ;;
    *) echo "make-gradescope-zip: unknown argument '$1' (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
done
case "$week" in ''|*[!0-9]*) echo "make-gradescope-zip: --week $week is not a number" >&2; exit 2 ;; esac
for package in $packages; do
  case "$package" in
    *[!a-z0-9.+-]*|[!a-z0-9]*) echo "make-gradescope-zip: '$package' is not a package name" >&2; exit 2 ;;
  esac
done
if [ -n "$suites" ] && [ ! -f "$suites/weeks.yaml" ]; then
  echo "make-gradescope-zip: $suites has no weeks.yaml: not a suites directory" >&2
  exit 2
fi
command -v zip > /dev/null || { echo "make-gradescope-zip: needs zip (apt-get install zip)" >&2; exit 2; }
out=${out:-build/uirgrade-autograder-week$week.zip}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# What setup.sh builds from: the sources CMake reads, the suites, the scripts it runs. Tests stay out
# except the few files CMake's globs need (none: UIRGRADE_BUILD_TESTS=OFF skips them).
mkdir -p "$stage/uirgrade"
# (Every folder CMakeLists.txt reads sources from: grader/shipping_test.cc checks the list.)
for part in CMakeLists.txt cmake base sandbox oracle testcase mutation generators grader reports class cli oracle_faults \
            bench suites scripts docker; do
  cp -r "$part" "$stage/uirgrade/"
done
find "$stage/uirgrade" \( -name '*_test.cc' -o -name testdata \) -prune -exec rm -rf {} +
install -m 0755 docker/gradescope/setup.sh "$stage/setup.sh"
install -m 0755 docker/run_autograder "$stage/run_autograder"
echo "$week" > "$stage/week"
[ -n "$packages" ] && printf '%s\n' $packages > "$stage/packages"
[ -n "$suites" ] && cp -r "$suites" "$stage/suites"
mkdir -p "$(dirname "$out")"
rm -f "$out"
out_abs=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
(cd "$stage" && zip -qr -X "$out_abs" .)
if [ -n "$keep_dir" ]; then
  rm -rf "$keep_dir" && mkdir -p "$keep_dir" && cp -a "$stage/." "$keep_dir/"
fi
echo "make-gradescope-zip: $out ($(du -k "$out" | cut -f1) KiB): week $week, suites: ${suites:-built-in}${packages:+, packages: $packages}"
