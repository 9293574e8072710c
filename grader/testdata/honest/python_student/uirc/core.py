"""The native core shipped inside the package, found beside this module (never on PATH)."""
import os
import subprocess

CORE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "core", "uirc-core")


def run_core(command, program, capture):
    """Runs `uirc-core COMMAND PROGRAM` with this process's stdin; returns (exit code, stdout)."""
    done = subprocess.run([CORE, command, program], stdout=subprocess.PIPE if capture else None)
    return done.returncode, done.stdout
