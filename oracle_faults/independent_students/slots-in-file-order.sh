#!/bin/sh
exec "$(dirname "$0")/buggy_stdin.py" slots-in-file-order "$@"
