#!/usr/bin/env python3
"""A student compiler whose `run` reads stdin wrongly (one plausible mistake each), over the oracle.
  slots-in-file-order  the k-th line is taken as the k-th slot in increasing order (ignores labels)
  f32-through-double   f32 values read with strtod, then narrowed to float (a double rounding)
  i32-through-float    i32 values read with strtof, then converted to int (loses above 2^24)
  f32-printed-with-g   f32 results printed with printf's %g (6 significant digits, not 9)
"""
import re, struct, subprocess, sys
import os
ORACLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "uir-oracle")
bug, command, prog = sys.argv[1], sys.argv[2], sys.argv[3]
if command != "run":
    sys.exit(subprocess.run([ORACLE, command, prog]).returncode)
text = open(prog).read()
dtypes = {int(m.group(2)): m.group(1) for m in re.finditer(r"dtype=(\w+)\s+slot=(\d+)", text)}
dtypes.update({int(m.group(1)): m.group(2) for m in re.finditer(r"slot=(\d+)\s+dtype=(\w+)", text)})
lines = [l for l in sys.stdin.read().splitlines() if l.strip()]
parsed = []
for l in lines:
    label, _, values = l.partition(":")
    parsed.append((int(label), values.split()))
if bug == "slots-in-file-order":
    labels = sorted(s for s, _ in parsed)
    parsed = [(labels[k], v) for k, (_, v) in enumerate(parsed)]
elif bug == "f32-through-double":
    parsed = [(s, ["%.9g" % struct.unpack("f", struct.pack("f", float(t)))[0] if dtypes.get(s) == "f32" else t for t in v]) for s, v in parsed]
elif bug == "i32-through-float":
    parsed = [(s, [str(int(struct.unpack("f", struct.pack("f", float(int(t))))[0])) if dtypes.get(s) == "i32" else t for t in v]) for s, v in parsed]
out = "".join("%d: %s\n" % (s, " ".join(v)) for s, v in parsed)
if bug != "f32-printed-with-g":
    sys.exit(subprocess.run([ORACLE, "run", prog], input=out.encode()).returncode)
done = subprocess.run([ORACLE, "run", prog], input=out.encode(), stdout=subprocess.PIPE)
for line in done.stdout.decode().splitlines():
    label, _, values = line.partition(":")
    if dtypes.get(int(label)) == "f32":
        values = " " + " ".join("%g" % float(t) if t.lower() not in ("nan", "-nan", "inf", "-inf") else t for t in values.split())
    sys.stdout.write(label + ":" + values + "\n")
sys.exit(done.returncode)
