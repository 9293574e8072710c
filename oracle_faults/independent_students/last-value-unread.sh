#!/bin/sh
exec "$(dirname "$0")/buggy_stdin.py" last-value-unread "$@"
