#!/bin/sh
exec "$(dirname "$0")/buggy_stdin.py" f32-printed-with-f "$@"
