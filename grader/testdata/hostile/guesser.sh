#!/bin/sh
# The header replayer told to ignore the headers: a student that guesses (zeros, exit 0).
exec /usr/bin/python3 "$(dirname "$0")/header_replayer.py" --guess "$@"
