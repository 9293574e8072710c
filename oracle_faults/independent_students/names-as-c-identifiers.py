#!/usr/bin/env python3
"""A student compiler whose lexer takes names for C identifiers ([A-Za-z_][A-Za-z0-9_]*, so no dot
and no leading digit, which spec §1 allows) and answers E-SYNTAX for any other; over the oracle."""
import os, re, sys
command, prog = sys.argv[1], sys.argv[2]
for number, line in enumerate(open(prog), 1):
    code = line.split("#", 1)[0]
    for token in re.findall(r"[%@][^\s,()=:]*", code):
        if not re.fullmatch(r"[%@][A-Za-z_][A-Za-z0-9_]*", token):
            print(f"{prog}:{number}: error: E-SYNTAX: malformed name {token}", file=sys.stderr)
            sys.exit(2)
oracle = os.path.join(os.path.dirname(os.path.abspath(__file__)), "uir-oracle")
os.execv(oracle, [oracle, command, prog])
