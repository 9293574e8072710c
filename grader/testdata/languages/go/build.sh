#!/bin/sh
# Builds the Go student, with nothing fetched (GOPROXY=off: a student's modules would be vendored).
# The build runs in its sandbox's working directory, which is also $TMPDIR, and Go ignores a go.mod
# in the temporary directory itself: the build gets a temporary directory below it.
set -e
export TMPDIR="$PWD/.tmp"
mkdir -p "$TMPDIR"
GOPROXY=off GOFLAGS=-mod=mod CGO_ENABLED=0 go build -o student-uirc .
rm -rf "$TMPDIR"
