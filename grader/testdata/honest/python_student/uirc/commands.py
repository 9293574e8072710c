"""The two commands of spec section 6: `run PROG` and `render PROG`. `render` keeps its C in a
scratch file, as a compiler with passes would: the sandbox gives it a writable TMPDIR."""
import sys
import tempfile

from uirc.core import run_core
from uirc.loops import own_loop_names


def main(argv):
    if len(argv) != 2 or argv[0] not in ("run", "render"):
        sys.stderr.write("usage: student-uirc run|render PROG.uir\n")
        return 2
    command, program = argv
    if command == "run":
        code, _ = run_core("run", program, capture=False)
        return code
    code, c_text = run_core("render", program, capture=True)
    if code != 0:
        return code
    with tempfile.NamedTemporaryFile("w+", suffix=".c") as scratch:
        scratch.write(own_loop_names(c_text.decode()))
        scratch.seek(0)
        sys.stdout.write(scratch.read())
    return 0
