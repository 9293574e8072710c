#!/usr/bin/python3
# A hostile student (issue 10): computes nothing, replays the `# expect` headers of the file it is
# handed. `run` prints the expected buffers (zeros where no header says), the expected exit code,
# assert line or rule; `render` emits C that stores the expected constants and returns the assert
# line. With `--guess` (guesser.sh) it ignores the headers: what it scores then is what guessing
# scores, and with the headers blanked (spec §7) it must score no more than that.
import re
import sys

guess = sys.argv[1] == "--guess"
if guess:
    del sys.argv[1]
command, path = sys.argv[1], sys.argv[2]
text = open(path).read()
headers = {}
for line in text.splitlines():
    line = line.strip()
    if line and not line.startswith("#"):
        break
    match = re.match(r"#\s*(expect(?: \w+)?|error|render|check|data \d+)\s*:?\s*(.*)", line)
    if match and not guess:
        headers[match.group(1)] = match.group(2)
buffers = [(int(m.group(3)), int(m.group(1)), m.group(2))  # (slot, size, dtype)
           for m in re.finditer(r"= *buffer +(\d+) +dtype=(\w+) +slot=(\d+)", text)]
buffers.sort()

exit_code = int(headers.get("expect", "exit 0").split()[-1])
if exit_code == 2:
    sys.stderr.write("%s:1: error: %s: replayed\n" % (path, headers.get("error", "E-SYNTAX")))
    sys.exit(2)

def values(slot, size):
    return headers.get("expect %d" % slot, " ".join(["0"] * size)).split()

assert_line = int(headers.get("expect assert", "0"))
if command == "run":
    for slot, size, dtype in buffers:
        print("%d: %s" % (slot, " ".join(values(slot, size))))
    if exit_code == 1:
        sys.stderr.write("%s:%d: assert failed\n" % (path, assert_line))
    sys.exit(exit_code)

# render: constants stored in place, as many empty `for` loops as `# render: loops=N` asks for.
loops = re.search(r"loops=(\d+)", headers.get("render", ""))
c_type = {"i32": "int32_t", "f32": "float"}
params = ", ".join("%s *data%d" % (c_type[dtype], slot) for slot, size, dtype in buffers) or "void"
print("#include <stdint.h>\nint32_t kernel(%s) {" % params)
for k in range(int(loops.group(1)) if loops else 0):
    print("  for (int i%d = 0; i%d < 0; ++i%d) {}" % (k, k, k))
for slot, size, dtype in buffers:
    if ("expect %d" % slot) in headers:
        for i, value in enumerate(values(slot, size)):
            print("  data%d[%d] = %s;" % (slot, i, value if dtype == "i32" else "(float)" + value.replace("nan", "(0.0f/0.0f)").replace("inf", "(1.0f/0.0f)")))
print("  return %d;\n}" % assert_line)
