"""Names the kernel's loop variables its own way: `for (int32_t i = 0; ...` becomes
`for (int32_t uirc_i = 0; ...`, and every use of `i` with it. The C computes the same; only the text
differs from the reference compiler's (a pure kernel has no macros, spec section 6.2)."""
import re

LOOP_VARIABLE = re.compile(r"for \(int32_t (\w+) = 0;")


def own_loop_names(c_text):
    for name in sorted(set(LOOP_VARIABLE.findall(c_text)), key=len, reverse=True):
        c_text = re.sub(r"\b%s\b" % re.escape(name), "uirc_" + name, c_text)
    return c_text
