#!/usr/bin/env python3
"""A student compiler whose `render` writes one thing wrong in its C (one plausible mistake each),
over the oracle: `run` is the oracle's, `render` is the oracle's C with one text transform. Each
mistake is one a student makes when writing C for the spec (§2, §3, §5, §6.2); none is in the
catalogue (mutation/catalogue.def). The README says which program shows each one.

  idiv-plain-division       idiv is C's `a / b` (INT32_MIN / -1 is undefined, spec §3 defines it)
  mod-plain-remainder       mod is C's `a % b` (INT32_MIN % -1 is undefined; idiv's case is handled)
  idiv-negates-minus-one    idiv by -1 special-cased as `-a` (still undefined for INT32_MIN)
  mul-plain                 i32 mul is plain signed `a * b` (add wraps correctly through uint32_t)
  cast-floors               f32 -> i32 rounds down (floorf) instead of truncating toward zero
  cast-nan-unchecked        f32 -> i32 saturates but forgets NaN (gives INT32_MIN on x86, not 0)
  f32-to-bool-through-int   f32 -> bool as `(int32_t)x != 0` (0.5 becomes false)
  max-greater-or-equal      max as `a >= b ? a : b` (max(-0.0, 0.0) is -0.0, not 0.0)
  cmpeq-with-epsilon        f32 cmpeq as `fabsf(a - b) < 1e-6f`, cmpne its negation ("never compare
                            floats with ==")
  f32-literals-bare         f32 literals printed as their shortest decimal, nothing added: `2`,
                            `-0`, `0.1` (C reads int and double constants: -0 is +0, 65536 * 65536
                            overflows an int)
  assert-first-executed     the kernel returns the first failing assert it executes, not the first
                            in the file
  counter-size-t            loop counters are size_t: a negative bound becomes huge, the loop runs
  alloc-on-the-stack        allocs are local arrays (zeroed), not static: 2^24 elements overflow the stack
"""
import os
import re
import subprocess
import sys

ORACLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "uir-oracle")


def replace_literally(c, old, new):
    return c.replace(old, new)


def student_code_start(lines):
    """The index of the first line the renderer writes from the program (after the helpers, which
    a student writes by hand once): the first function or kernel itself."""
    for k, line in enumerate(lines):
        if re.match(r"(static \w+ f\d+_|int32_t kernel\()", line):
            return k
    return len(lines)


def bare_literals(c):
    lines = c.split("\n")
    start = student_code_start(lines)
    literal = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)f\b")
    for k in range(start, len(lines)):
        lines[k] = re.sub(r"(?<![\w.])(-?\d+)\.0f\b", r"\1", lines[k])  # the ".0" the oracle adds
        lines[k] = literal.sub(r"\1", lines[k])
    return "\n".join(lines)


def cast_names(dtype):
    """The C names' suffixes of the program's casts to dtype (`v<index>_<name>`): a cast to bool
    renders as `x != 0.0f`, the same text as a cmpne, so a transform of one must skip the other."""
    names = re.findall(r"%%([A-Za-z0-9_.]+)\s*=\s*cast\s+\S+\s+dtype=%s\b" % dtype, open(prog).read())
    return set(n.replace(".", "_") for n in names)


def epsilon_compare(c):
    floats = set(re.findall(r"\bfloat \*?(\w+)", c))
    casts = cast_names("bool")
    atom = r"(-?[\w.+-]+|INFINITY|-INFINITY|NAN)"

    def is_float(a):
        return a in floats or a.endswith("f") and re.match(r"-?\d", a) or a in ("INFINITY", "-INFINITY", "NAN")

    def fix(m):
        name, a, op, b = m.group(1), m.group(2), m.group(3), m.group(4)
        if not (is_float(a) or is_float(b)) or re.sub(r"^v\d+_", "", name) in casts:
            return m.group(0)
        near = "fabsf(%s - %s) < 1e-6f" % (a, b)
        return "bool %s = %s;" % (name, near if op == "==" else "!(%s)" % near)

    return re.sub(r"bool (\w+) = %s (==|!=) %s;" % (atom, atom), fix, c)


def cast_to_bool_through_int(c):
    """Only the casts: `cmpne x 0.0` renders the same text, so the cast's names come from the program."""
    for name in cast_names("bool"):
        c = re.sub(r"(bool v\d+_%s = )(\S+) != 0\.0f;" % re.escape(name), r"\1(int32_t)\2 != 0;", c)
    return c


TRANSFORMS = {
    "idiv-plain-division": lambda c: replace_literally(
        c, "return b == -1 ? (int32_t)(0u - (uint32_t)a) : a / b;", "return a / b;"),
    "mod-plain-remainder": lambda c: replace_literally(c, "return b == -1 ? 0 : a % b;", "return a % b;"),
    "idiv-negates-minus-one": lambda c: replace_literally(c, "(int32_t)(0u - (uint32_t)a)", "-a"),
    "mul-plain": lambda c: replace_literally(
        c, "return (int32_t)((uint32_t)a * (uint32_t)b);", "return a * b;"),
    "cast-floors": lambda c: replace_literally(c, "  return (int32_t)x;", "  return (int32_t)floorf(x);"),
    "cast-nan-unchecked": lambda c: replace_literally(c, "  if (x != x) return 0;\n", ""),
    "f32-to-bool-through-int": cast_to_bool_through_int,
    "max-greater-or-equal": lambda c: re.sub(r"= (\S+) > (\S+) \? \1 : \2;", r"= \1 >= \2 ? \1 : \2;", c),
    "cmpeq-with-epsilon": epsilon_compare,
    "f32-literals-bare": bare_literals,
    "assert-first-executed": lambda c: re.sub(
        r"&& \(failed_assert_line == 0 \|\| \d+ < failed_assert_line\)\)", "&& failed_assert_line == 0)", c),
    "counter-size-t": lambda c: re.sub(r"for \(int32_t (\w+) = 0;", r"for (size_t \1 = 0;", c),
    "alloc-on-the-stack": lambda c: re.sub(r"^(\s+)static (int32_t|float) (alloc\w+\[)", r"\1\2 \3", c,
                                           flags=re.M),
}

bug, command, prog = sys.argv[1], sys.argv[2], sys.argv[3]
transform = TRANSFORMS[bug]
if command != "render":
    sys.exit(subprocess.run([ORACLE, command, prog]).returncode)
done = subprocess.run([ORACLE, "render", prog], stdout=subprocess.PIPE)
if done.returncode != 0:
    sys.stdout.write(done.stdout.decode())
    sys.exit(done.returncode)
sys.stdout.write(transform(done.stdout.decode()))
