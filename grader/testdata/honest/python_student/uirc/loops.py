"""Writes a kernel's counted loops through one macro (loop_macro.h, a data file of the package):
`for (int32_t i = 0; i < n; i++) {` becomes `UIRC_FOR(i, n) {`. The C compiles the same loops;
only the text holds fewer `for` words."""
import os
import re

LOOP = re.compile(r"for \(int32_t (\w+) = 0; \1 < ([^;]+); \1\+\+\) \{")


def through_macro(c_text):
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "loop_macro.h")) as macro:
        definition = macro.read()
    lines = c_text.splitlines(keepends=True)
    last_include = max((k for k, line in enumerate(lines) if line.startswith("#include")), default=-1)
    body = "".join(lines[last_include + 1:])
    return "".join(lines[:last_include + 1]) + definition + LOOP.sub(r"UIRC_FOR(\1, \2) {", body)
