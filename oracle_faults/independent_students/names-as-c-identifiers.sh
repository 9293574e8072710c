#!/bin/sh
exec "$(dirname "$0")/names-as-c-identifiers.py" "$@"
