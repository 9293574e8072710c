#!/usr/bin/env python3
"""A student compiler whose `run` reads stdin wrongly (one plausible mistake each), over the oracle.
  slots-in-file-order  the k-th line is taken as the k-th slot in increasing order (ignores labels)
  f32-through-double   f32 values read with strtod, then narrowed to float (a double rounding)
  i32-through-float    i32 values read with strtof, then converted to int (loses above 2^24)
  f32-printed-with-g   f32 results printed with printf's %g (6 significant digits, not 9)
  last-value-unread    each slot's loop reads n-1 values (i < n - 1): the last element stays 0
  f32-reader-no-inf-nan  a hand-written f32 reader (digits, point, exponent) that reads inf and nan as 0
  f32-printed-with-f   f32 results printed with printf's %f (6 decimals: 1e-7 prints 0.000000)
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
elif bug == "last-value-unread":
    parsed = [(s, v[:-1] + ["0"] if v else v) for s, v in parsed]
elif bug == "f32-reader-no-inf-nan":
    parsed = [(s, ["0" if dtypes.get(s) == "f32" and t.lower().lstrip("+-") in ("inf", "infinity", "nan") else t
                   for t in v]) for s, v in parsed]
out = "".join("%d: %s\n" % (s, " ".join(v)) for s, v in parsed)
if bug not in ("f32-printed-with-g", "f32-printed-with-f"):
    sys.exit(subprocess.run([ORACLE, "run", prog], input=out.encode()).returncode)
done = subprocess.run([ORACLE, "run", prog], input=out.encode(), stdout=subprocess.PIPE)
for line in done.stdout.decode().splitlines():
    label, _, values = line.partition(":")
    if dtypes.get(int(label)) == "f32":
        form = "%g" if bug == "f32-printed-with-g" else "%f"
        values = " " + " ".join(form % float(t) if t.lower() not in ("nan", "-nan", "inf", "-inf") else t for t in values.split())
    sys.stdout.write(label + ":" + values + "\n")
sys.exit(done.returncode)
