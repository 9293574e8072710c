#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image from our zip
# (scripts/make-gradescope-zip.sh) on its base image: Ubuntu 22.04 (their default) or 24.04, or
# Debian 12. It installs what building and grading need, builds grade, uir-oracle and uirgen (no
# tests: no GoogleTest) and lays them out as the uirgrade image does: the tools in
# /opt/uirgrade/build, the built-in suites in /opt/uirgrade/src/suites, all root's only.
set -euo pipefail
source_dir=$(cd "$(dirname "$0")" && pwd)   # /autograder/source on Gradescope
export DEBIAN_FRONTEND=noninteractive
# The build's packages (scripts/install-deps.sh, without the tests'), then grading's: gcc and libc
# headers with the sanitizers for the render tests, g++/make/python3 for students' compilers,
# bubblewrap for the namespaces tier, valgrind for counting a kernel's instructions.
apt-get update
apt-get install -y --no-install-recommends build-essential cmake ninja-build libboost-dev \
  libboost-filesystem-dev libyaml-cpp-dev libfmt-dev librapidcheck-dev nlohmann-json3-dev libssl-dev \
  bubblewrap python3 valgrind ca-certificates
# The hook for the languages a course allows beyond C, C++ and Python: the package names in the zip's
# `packages` file (scripts/make-gradescope-zip.sh --packages "default-jdk-headless ghc"), the
# compilers and runtimes students' compilers are built and run with (docs/students.md, "Languages").
if [ -s "$source_dir/packages" ]; then
  read -r -a course_packages < <(tr '\n' ' ' < "$source_dir/packages")
  apt-get install -y --no-install-recommends "${course_packages[@]}"
fi
rm -rf /opt/uirgrade
mkdir -p /opt/uirgrade/build
cp -r "$source_dir/uirgrade" /opt/uirgrade/src
# Configured with the source at /opt/uirgrade/src, so the built-in suites are found there; built out
# of that tree and only the three tools kept.
BUILD_DIR=/tmp/uirgrade-build BUILD_TARGETS="grade uir-oracle uirgen" \
  /opt/uirgrade/src/scripts/build.sh -DUIRGRADE_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release
for tool in grade uir-oracle uirgen; do
  install -m 0700 /tmp/uirgrade-build/$tool /opt/uirgrade/build/$tool
  ln -sf /opt/uirgrade/build/$tool /usr/local/bin/$tool
done
rm -rf /tmp/uirgrade-build
# The uid tier refuses to grade while a student uid could read the suites or the grader.
chmod -R go-rwx /opt/uirgrade "$source_dir"
# A last check that the tools run and the built-in suites load (an error here fails the build).
/opt/uirgrade/build/grade check-suites /opt/uirgrade/src/suites > /dev/null
echo "setup.sh: uirgrade built; /autograder/run_autograder grades week $(cat "$source_dir/week" 2>/dev/null || echo 3)"
