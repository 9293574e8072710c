"""Writes a kernel's counted loops through one macro: `for (int32_t i = 0; i < n; i++) {` becomes
`UIRC_FOR(i, n) {`. The C compiles the same loops; only the text holds fewer `for` words."""
import re

LOOP = re.compile(r"for \(int32_t (\w+) = 0; \1 < ([^;]+); \1\+\+\) \{")
MACRO = "#define UIRC_FOR(var, bound) for (int32_t var = 0; var < (bound); var++)\n"


def through_macro(c_text):
    lines = c_text.splitlines(keepends=True)
    last_include = max((k for k, line in enumerate(lines) if line.startswith("#include")), default=-1)
    body = "".join(lines[last_include + 1:])
    return "".join(lines[:last_include + 1]) + MACRO + LOOP.sub(r"UIRC_FOR(\1, \2) {", body)
