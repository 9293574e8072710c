#!/bin/sh
exec "$(dirname "$0")/buggy_render.py" mod-plain-remainder "$@"
