#!/bin/sh
exec "$(dirname "$0")/buggy_render.py" alloc-on-the-stack "$@"
