#!/bin/sh
exec "$(dirname "$0")/buggy_stdin.py" i32-through-float "$@"
