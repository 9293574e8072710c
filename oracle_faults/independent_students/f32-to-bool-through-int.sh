#!/bin/sh
exec "$(dirname "$0")/buggy_render.py" f32-to-bool-through-int "$@"
