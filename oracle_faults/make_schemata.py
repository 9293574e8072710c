#!/usr/bin/env python3
"""Writes fault schemata of the oracle's rule, interval, analysis and placement code, and of what a
student's `run` executes in-process (the ops' arithmetic, stdin and stdout, the parser, the
catalogue's mutant interpreter). A header (oracle/scalar_ops.h) gets faults too: its copy includes
the switches itself and shadows the original for the schemata's objects only (CMakeLists.txt puts
OUT first on their include path).

Every fault site of a source file becomes a run-time switch of the copy written to --out: the
copy computes what the original does unless `schemata::g_active` names one of the site's
faults (oracle_faults/schemata.h). The copies are compiled once into the analysis tool, which
switches one fault on at a time (docs/mutants.md, "Faults injected into the oracle's own code").

The fault operators (not sites picked by hand):
  ror        a relational operator moved across its boundary: < <=, > >=
  eq         == and != swapped
  aor        + -, * /, % * swapped
  lcr        && and || swapped
  drop-lhs   `a && b` (or ||) becomes `b`: a condition dropped
  drop-rhs   `a && b` (or ||) becomes `a`
  not-drop   `!a` becomes `a`
  if-negate, if-true, if-false      an if's condition negated, always taken, never taken
  loop-negate                       a while or for condition negated
  ternary-negate                    the condition of `c ? a : b` negated
  const+1, const-1                  an integer literal off by one
  stmt-delete                       an expression statement, break or continue removed

Code only reached with one of the course's catalogue mutants on (`mutants.has(Mutant::X)`, which is
false throughout this analysis) gets no faults, nor do conditions that test such a switch, nor a
function of the file called only from such code: those faults would be equivalent by construction.

A site whose switch does not compile (a `-` on strings, a literal in a template argument or a
`case` label, a statement that is a declaration) is found by compiling each copy with
-fsyntax-only and dropped; the copies are rewritten until they compile. Lines are never added or
removed, so a line of the copy is the same line of the original.

Writes OUT/<path of each source>, OUT/manifest.tsv (one fault a line: id, file, line, function,
operator, original, faulty, the source line) and OUT/stillborn.txt (the sites dropped, with why).
"""
import argparse
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

# ----------------------------------------------------------------------------------------------
# Tokens


class Tok:
    __slots__ = ("kind", "text", "start", "end", "line")

    def __init__(self, kind, text, start, end, line):
        self.kind, self.text, self.start, self.end, self.line = kind, text, start, end, line

    def __repr__(self):
        return f"{self.kind}:{self.text}@{self.line}"


OPERATORS = sorted(
    """<<= >>= <=> ->* ... :: -> ++ -- << <= >= == != && || += -= *= /= %= &= |= ^= .*
    + - * / % < > = ! ~ & | ^ ? : ; , . ( ) [ ] { }""".split(),
    key=len,
    reverse=True,
)
OPERATORS.remove(">>=")  # `>` is always one token: `>>` closes two template argument lists


def tokenize(text):
    toks, i, line, n = [], 0, 1, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            at_line_start = True
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if c == "#" and at_line_start:  # a preprocessor line, with its continuations
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    line += 1
                    i += 1
                i += 1
            continue
        at_line_start = False
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if text.startswith("/*", i):
            j = text.index("*/", i + 2) + 2
            line += text.count("\n", i, j)
            i = j
            continue
        start = i
        if c.isalpha() or c == "_":
            while i < n and (text[i].isalnum() or text[i] == "_"):
                i += 1
            word = text[start:i]
            if i < n and text[i] in "\"'" and word in ("R", "u8", "u", "U", "L", "u8R", "uR", "UR", "LR"):
                if "R" in word and text[i] == '"':  # raw string R"delim( ... )delim"
                    open_paren = text.index("(", i)
                    delim = text[i + 1 : open_paren]
                    j = text.index(")" + delim + '"', open_paren) + len(delim) + 2
                    line += text.count("\n", i, j)
                    toks.append(Tok("str", text[start:j], start, j, line))
                    i = j
                    continue
            else:
                toks.append(Tok("id", word, start, i, line))
                continue
            c = text[i]
        if c.isdigit() or (c == "." and i + 1 < n and text[i + 1].isdigit()):
            while i < n and (text[i].isalnum() or text[i] in "._'" or (text[i] in "+-" and text[i - 1] in "eEpP")):
                i += 1
            toks.append(Tok("num", text[start:i], start, i, line))
            continue
        if c in "\"'":
            j = i + 1
            while text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j += 1
            toks.append(Tok("str" if c == '"' else "chr", text[start:j], start, j, line))
            i = j
            continue
        for op in OPERATORS:
            if text.startswith(op, i):
                toks.append(Tok("op", op, i, i + len(op), line))
                i += len(op)
                break
        else:
            raise SystemExit(f"make_schemata: cannot read {text[i:i+20]!r} at line {line}")
    return toks


def match_brackets(toks):
    """Index of the partner of every ( [ { and ) ] }."""
    match, stack = {}, []
    for k, t in enumerate(toks):
        if t.kind != "op":
            continue
        if t.text in "([{":
            stack.append(k)
        elif t.text in ")]}":
            j = stack.pop()
            match[j], match[k] = k, j
    return match


# ----------------------------------------------------------------------------------------------
# Sites


class Site:
    """One place in the source and the faults it carries (`faults`: (operator, original, faulty))."""

    def __init__(self, line, faults, function):
        self.line, self.faults, self.function = line, faults, function
        self.first_id = 0
        self.edits = []  # (offset, kind 0=close/1=open, span, seq, text); text may use {k}


BINARY_PREC = {
    "||": 4, "&&": 5, "|": 6, "^": 7, "&": 8, "==": 9, "!=": 9,
    "<": 10, "<=": 10, ">": 10, ">=": 10, "<<": 11, ">>": 11,
    "+": 12, "-": 12, "*": 13, "/": 13, "%": 13,
}
ASSIGN = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<="}
REL_HELPER = {"<": ("lt", "<="), "<=": ("le", "<"), ">": ("gt", ">="), ">=": ("ge", ">")}
EQ_HELPER = {"==": ("eq", "!="), "!=": ("ne", "==")}
ARITH_HELPER = {"+": ("add", "-"), "-": ("sub", "+"), "*": ("mul", "/"), "/": ("div", "*"), "%": ("rem", "*")}
KNOWN_TEMPLATES = {
    "static_cast", "const_cast", "reinterpret_cast", "dynamic_cast", "bit_cast", "numeric_limits",
    "vector", "optional", "variant", "map", "set", "unordered_map", "unordered_set", "array", "span",
    "pair", "tuple", "function", "get", "get_if", "holds_alternative", "make_unique", "make_shared",
    "unique_ptr", "shared_ptr", "initializer_list", "deque", "priority_queue", "greater", "less",
}
NOT_TYPES = {"return", "case", "delete", "throw", "new", "else", "co_return", "goto"}
# A catalogue switch: `mutants.has(Mutant::X)`, `compiled.mutants.any()`, or the interpreter's own
# shorthand `on(Mutant::X)` (mutation/mutant_run.cc); or a variation point of the oracle (oracle/variant.h)
# negated, which is false for the reference: `!variant_.checks_statement(...)`, `!rule.needs_a_store`
# (a clause of OracleVariant::LoadRule).
HOOK = re.compile(r"^\(*\s*((\w+\s*\.\s*)*mutants_?\s*\.\s*(has|any)\s*\(.*\)|on\s*\(\s*Mutant::\w+\s*\)"
                  r"|!\s*(\w+\s*(\.|->)\s*)*variant_?\s*(\.|->)\s*\w+\s*\(.*\)|!\s*rule\s*\.\s*\w+)\s*\)*$", re.S)
# A variation point asked anywhere in an expression (true or false for the reference).
VARIATION_POINT = re.compile(r"variant_?\s*(\.|->)\s*\w+\s*\(|\brule\s*\.\s*(loads_move|pinned_by_outer_uses|"
                             r"deeper_stores_count|needs_a_store)\b")


class FaultInjector:
    def __init__(self, path, text):
        self.path, self.text = path, text
        self.toks = tokenize(text)
        self.match = match_brackets(self.toks)
        self.sites = []
        self.seq = 0
        self.function, self.body = "?", -1
        self.skip_lines = set()  # lines whose sites do not compile

    # -- helpers --
    def t(self, k):
        return self.toks[k].text if k < len(self.toks) else ""

    def src(self, a, b):
        """Source text of tokens [a, b)."""
        return self.text[self.toks[a].start : self.toks[b - 1].end] if b > a else ""

    def short(self, a, b):
        s = " ".join(self.src(a, b).split())
        return s if len(s) <= 60 else s[:57] + "..."

    def add_site(self, a, b, faults, prefix, suffix, replace=None, seq=None):
        """Wraps tokens [a, b) in prefix ... suffix ({k} is the site's first fault id). Of two
        sites over the same tokens, the one with the smaller seq is outside: a site recorded after
        the sites inside it (a ternary's condition) passes the seq it reserved before them."""
        line = self.toks[a].line
        if line in self.skip_lines:
            return
        site = Site(line, faults, self.function)
        site.body = self.body
        span = self.toks[b - 1].end - self.toks[a].start
        if seq is None:
            self.seq += 1
            seq = self.seq
        site.edits.append((self.toks[a].start, 1, -span, seq, prefix))
        site.edits.append((self.toks[b - 1].end, 0, span, -seq, suffix))
        if replace:
            k, text = replace
            site.edits.append((self.toks[k].start, 2, 0, seq, ("replace", self.toks[k].end, text)))
        self.sites.append(site)

    def is_hook(self, a, b):
        return bool(HOOK.match(self.src(a, b)))

    def split_top(self, a, b, seps):
        """Pieces of [a, b) between top-level separators."""
        pieces, start, k = [], a, a
        while k < b:
            tx = self.t(k)
            if self.toks[k].kind == "op" and tx in "([{" and k in self.match:
                k = self.match[k] + 1
                continue
            if self.toks[k].kind == "op" and tx in seps:
                pieces.append((start, k))
                start = k + 1
            k += 1
        pieces.append((start, b))
        return pieces

    def false_by_hook(self, a, b):
        """Whether [a, b) is a conjunction with a catalogue switch as a conjunct: false in the analysis."""
        for lo, hi in self.split_top(a, b, {"&&"}):
            if lo < hi and self.is_hook(lo, hi):
                return True
            if all(self.is_hook(x, y) for x, y in self.split_top(lo, hi, {"||"}) if x < y) and lo < hi:
                return True
        return False

    def mentions_hook(self, a, b):
        return ("Mutant::" in self.src(a, b) or re.search(r"mutants_?\s*\.\s*any\s*\(", self.src(a, b))
                or VARIATION_POINT.search(self.src(a, b)))

    # -- expressions --
    def template_close(self, k, end):
        """If the `<` at k opens a template argument list, the index of its `>`; else None."""
        if k == 0 or self.toks[k - 1].kind != "id":
            return None
        depth, j = 0, k
        while j < end:
            tx = self.t(j)
            if self.toks[j].kind == "op":
                if tx in "([{" and j in self.match:
                    j = self.match[j] + 1
                    continue
                if tx == "<":
                    depth += 1
                elif tx == ">":
                    depth -= 1
                    if depth == 0:
                        nxt = self.t(j + 1)
                        known = self.toks[k - 1].text in KNOWN_TEMPLATES
                        if known or nxt in ("(", "{", "::", ">", ")", ",", ";", "&", "*", "...", "&&", "]") or (
                            j + 1 < end and self.toks[j + 1].kind == "id"
                        ):
                            return j
                        return None
                elif tx in (";", "{", "}", "&&", "||", "?", ")", "]") or tx in ASSIGN:
                    return None
            j += 1
        return None

    def parse_list(self, a, b):
        """A comma-separated list of expressions (call arguments, an initializer list)."""
        for lo, hi in self.split_top(a, b, {","}):
            if lo < hi:
                self.parse_expr(lo, hi)

    def parse_expr(self, a, b):
        """Parses [a, b) as one expression, recording sites; on anything unexpected, gives up on
        this level but still looks inside its brackets."""
        self.pos, self.end = a, b
        try:
            self.p_assign(allow_sites=True)
            if self.pos != b:
                raise ValueError
        except (ValueError, IndexError):
            self.scan_groups(a, b)

    def scan_groups(self, a, b):
        k = a
        while k < b:
            if self.toks[k].kind == "op" and self.t(k) in "([{" and k in self.match:
                m = self.match[k]
                if self.t(k) == "{" and self.t(k - 1) in (")", "mutable") or self.t(k - 1) == "]":
                    self.parse_block(k)
                else:
                    saved = (self.pos, self.end)
                    self.parse_list(k + 1, m)
                    self.pos, self.end = saved
                k = m + 1
            else:
                k += 1

    def p_assign(self, allow_sites):
        start = self.pos
        self.p_ternary(allow_sites)
        if self.pos < self.end and self.t(self.pos) in ASSIGN:
            self.pos += 1
            self.p_assign(allow_sites)
        return start

    def p_ternary(self, allow_sites):
        start = self.pos
        self.seq += 1
        outer_seq = self.seq  # the condition's site wraps the sites inside it (`a > b ? a : b`)
        self.p_binary(0, allow_sites)
        if self.pos < self.end and self.t(self.pos) == "?":
            cond_end = self.pos
            if allow_sites and not self.mentions_hook(start, cond_end):
                self.cond_site(start, cond_end, "ternary", seq=outer_seq)
            self.pos += 1
            self.p_assign(allow_sites)
            if self.t(self.pos) != ":":
                raise ValueError
            self.pos += 1
            self.p_assign(allow_sites)

    def p_binary(self, min_prec, allow_sites):
        start = self.pos
        self.p_unary(allow_sites)
        while self.pos < self.end:
            op = self.t(self.pos)
            if self.toks[self.pos].kind != "op":
                raise ValueError
            # `> >` with no space between is a shift
            if op == ">" and self.t(self.pos + 1) == ">" and self.toks[self.pos + 1].start == self.toks[self.pos].end:
                op, width = ">>", 2
            else:
                width = 1
            prec = BINARY_PREC.get(op)
            if prec is None or prec < min_prec:
                return
            op_at = self.pos
            self.pos += width
            left_end = op_at
            if op in ("&&", "||"):
                rhs_allow = allow_sites and not (op == "&&" and self.false_by_hook(start, op_at))
                self.p_binary(prec + 1, rhs_allow)
            else:
                self.p_binary(prec + 1, allow_sites)
            if allow_sites:
                self.binary_site(start, op_at, left_end, self.pos, op)

    def p_unary(self, allow_sites):
        tx = self.t(self.pos)
        kind = self.toks[self.pos].kind
        if kind == "op" and tx in ("!", "-", "+", "~", "*", "&", "++", "--"):
            at = self.pos
            self.pos += 1
            self.p_unary(allow_sites)
            if tx == "!" and allow_sites and not self.mentions_hook(at, self.pos):
                self.add_site(at, self.pos, [("not-drop", self.short(at, self.pos), self.short(at + 1, self.pos))],
                              "::oracle_faults::schemata::flip({k}, ", ")")
            return
        if kind == "id" and tx == "sizeof":
            self.pos += 1
            self.p_unary(False)
            return
        self.p_postfix(allow_sites)

    def p_postfix(self, allow_sites):
        k = self.pos
        tok = self.toks[k]
        if tok.kind == "num":
            self.pos += 1
            if re.fullmatch(r"(0[xX][0-9a-fA-F']+|\d[\d']*)[uUlL]*", tok.text) and allow_sites:
                v = tok.text
                self.add_site(k, k + 1, [("const+1", v, f"{v} + 1"), ("const-1", v, f"{v} - 1")],
                              "::oracle_faults::schemata::num({k}, ", ")")
        elif tok.kind in ("str", "chr"):
            while self.pos < self.end and self.toks[self.pos].kind in ("str", "chr"):
                self.pos += 1
        elif tok.kind == "id":
            self.pos += 1
            if tok.text in NOT_TYPES or tok.text in ("if", "for", "while", "switch"):
                raise ValueError
        elif tok.text == "(":
            m = self.match[k]
            self.sub_expr_list(k + 1, m)
            self.pos = m + 1
        elif tok.text == "[":  # a lambda
            m = self.match[k]
            j = m + 1
            while j < self.end and self.t(j) != "{":
                j = self.match[j] + 1 if self.t(j) == "(" else j + 1
            if self.t(j) != "{":
                raise ValueError
            self.parse_block(j)
            self.pos = self.match[j] + 1
        elif tok.text == "{":
            m = self.match[k]
            self.sub_expr_list(k + 1, m)
            self.pos = m + 1
        elif tok.text == "::":
            self.pos += 1
        else:
            raise ValueError
        while self.pos < self.end:
            tx = self.t(self.pos)
            if tx in ("(", "[", "{"):
                m = self.match[self.pos]
                self.sub_expr_list(self.pos + 1, m)
                self.pos = m + 1
            elif tx in (".", "->", "::"):
                self.pos += 1
                if self.t(self.pos) == "template":
                    self.pos += 1
                if self.toks[self.pos].kind != "id":
                    raise ValueError
                self.pos += 1
            elif tx in ("++", "--"):
                self.pos += 1
            elif tx == "<":
                close = self.template_close(self.pos, self.end)
                if close is None:
                    return
                self.pos = close + 1
            elif self.toks[self.pos].kind == "id" and self.toks[self.pos - 1].kind == "id":
                raise ValueError  # two names in a row: a declaration, not an expression
            else:
                return

    def sub_expr_list(self, a, b):
        saved = (self.pos, self.end)
        self.parse_list(a, b)
        self.pos, self.end = saved

    def cond_site(self, a, b, kind, seq=None):
        text = self.short(a, b)
        if kind == "if":
            muts = [("if-negate", text, f"!({text})"), ("if-true", text, "true"), ("if-false", text, "false")]
            helper = "cond3"
        else:
            muts = [(f"{kind}-negate", text, f"!({text})")]
            helper = "flip"
        self.add_site(a, b, muts, f"::oracle_faults::schemata::{helper}({{k}}, static_cast<bool>(", "))", seq=seq)

    def binary_site(self, a, op_at, left_end, b, op):
        lhs, rhs = self.short(a, left_end), self.short(op_at + 1, b)
        if op in REL_HELPER or op in EQ_HELPER:
            helper, other = (REL_HELPER.get(op) or EQ_HELPER[op])
            name = "ror" if op in REL_HELPER else "eq"
            if self.mentions_hook(a, b):
                return
            self.add_site(a, b, [(name, f"{lhs} {op} {rhs}", f"{lhs} {other} {rhs}")],
                          f"::oracle_faults::schemata::{helper}({{k}}, ", ")", replace=(op_at, ", "))
        elif op in ARITH_HELPER:
            helper, other = ARITH_HELPER[op]
            self.add_site(a, b, [("aor", f"{lhs} {op} {rhs}", f"{lhs} {other} {rhs}")],
                          f"::oracle_faults::schemata::{helper}({{k}}, ", ")", replace=(op_at, ", "))
        elif op in ("&&", "||"):
            if self.mentions_hook(a, b):
                return
            other = "||" if op == "&&" else "&&"
            helper = "land" if op == "&&" else "lor"
            muts = [("lcr", f"{lhs} {op} {rhs}", f"{lhs} {other} {rhs}"),
                    ("drop-lhs", f"{lhs} {op} {rhs}", rhs), ("drop-rhs", f"{lhs} {op} {rhs}", lhs)]
            self.add_site(a, b, muts, f"::oracle_faults::schemata::{helper}({{k}}, [&]() -> bool {{ return static_cast<bool>((",
                          ")); })", replace=(op_at, ")); }, [&]() -> bool { return static_cast<bool>(("))

    # -- statements --
    def parse_block(self, lb):
        rb = self.match[lb]
        k = lb + 1
        while k < rb:
            k = self.parse_stmt(k, rb)

    def find_semicolon(self, k, end):
        while k < end:
            tx = self.t(k)
            if self.toks[k].kind == "op" and tx in "([{" and k in self.match:
                k = self.match[k] + 1
                continue
            if tx == ";":
                return k
            k += 1
        raise ValueError(f"no ; after line {self.toks[k - 1].line}")

    def parse_cond(self, lp, kind, dead_if_false=False):
        """The condition in ( ) at lp; returns whether it is false throughout the analysis."""
        rp = self.match[lp]
        pieces = self.split_top(lp + 1, rp, {";"})
        has_decl = any(self.t(j) in ASSIGN for j in range(lp + 1, rp) if j not in self.match)
        if len(pieces) > 1 or has_decl:  # an init-statement or a declaration: only look inside
            self.scan_groups(lp + 1, rp)
            return False
        if self.false_by_hook(lp + 1, rp):
            return True
        if not self.mentions_hook(lp + 1, rp) and lp + 1 < rp:
            self.cond_site(lp + 1, rp, kind)
        self.parse_expr(lp + 1, rp)
        return False

    def parse_stmt(self, k, end):
        tx = self.t(k)
        if tx == "{":
            self.parse_block(k)
            return self.match[k] + 1
        if tx == ";":
            return k + 1
        if tx == "if":
            j = k + 1
            constexpr = self.t(j) == "constexpr"
            if constexpr:
                j += 1
            lp = j
            dead = False if constexpr else self.parse_cond(lp, "if")
            body = self.match[lp] + 1
            after = self.skip_stmt(body, end) if dead else self.parse_stmt(body, end)
            if self.t(after) == "else":
                return self.parse_stmt(after + 1, end)
            return after
        if tx == "while":
            lp = k + 1
            self.parse_cond(lp, "loop")
            return self.parse_stmt(self.match[lp] + 1, end)
        if tx == "for":
            lp = k + 1
            rp = self.match[lp]
            pieces = self.split_top(lp + 1, rp, {";"})
            if len(pieces) == 3:
                init, cond, step = pieces
                self.parse_simple(init[0], init[1], deletable=False)
                if cond[0] < cond[1]:
                    if not self.mentions_hook(*cond):
                        self.cond_site(cond[0], cond[1], "loop")
                    self.parse_expr(*cond)
                if step[0] < step[1]:
                    self.parse_expr(*step)
            else:  # for (decl : range)
                colon = self.split_top(lp + 1, rp, {":"})
                if len(colon) == 2:
                    self.parse_expr(*colon[1])
            return self.parse_stmt(rp + 1, end)
        if tx == "do":
            after = self.parse_stmt(k + 1, end)
            lp = after + 1
            self.parse_cond(lp, "loop")
            return self.match[lp] + 2
        if tx == "switch":
            lp = k + 1
            self.parse_expr(lp + 1, self.match[lp])
            return self.parse_stmt(self.match[lp] + 1, end)
        if tx in ("case", "default"):
            j = k
            while self.t(j) != ":":
                j += 1
            return j + 1
        if tx == "return":
            semi = self.find_semicolon(k, end)
            if k + 1 < semi:
                self.parse_expr(k + 1, semi)
            return semi + 1
        if tx in ("break", "continue"):
            self.add_site(k, k + 2, [("stmt-delete", f"{tx};", "")], "{ if (!::oracle_faults::schemata::on({k})) { ", " } }")
            return k + 2
        semi = self.find_semicolon(k, end)
        self.parse_simple(k, semi, deletable=True)
        return semi + 1

    def skip_stmt(self, k, end):
        """Skips the statement at k (dead code), returns what follows it."""
        after = self.skip_stmt_tokens(k, end)
        self.dead_ranges.append((k, after))
        return after

    def skip_stmt_tokens(self, k, end):
        tx = self.t(k)
        if tx == "{":
            return self.match[k] + 1
        if tx in ("if", "while", "for", "switch"):
            after = self.skip_stmt_tokens(self.match[k + 1] + 1, end)
            if tx == "if" and self.t(after) == "else":
                return self.skip_stmt_tokens(after + 1, end)
            return after
        return self.find_semicolon(k, end) + 1

    def is_declaration(self, a, b):
        k = a
        while self.t(k) in ("const", "static", "constexpr", "thread_local", "volatile", "mutable", "typename"):
            k += 1
        if self.t(k) in ("auto", "using", "typedef", "struct", "class", "enum"):
            return True
        if self.toks[k].kind != "id" and self.t(k) != "::":
            return False
        if self.t(k) == "::":
            k += 1
        k += 1
        while k < b:
            tx = self.t(k)
            if tx == "::":
                k += 2
            elif tx == "<":
                close = self.template_close(k, b)
                if close is None:
                    return False
                k = close + 1
            else:
                break
        while k < b and self.t(k) in ("&", "*", "&&", "const"):
            k += 1
        return k < b and (self.toks[k].kind == "id" or self.t(k) == "[") and self.toks[k].text not in NOT_TYPES

    def parse_simple(self, a, b, deletable):
        if a >= b:
            return
        if self.is_declaration(a, b):
            # initialisers: after a top-level = , or the ( ) / { } after the declared name
            for lo, hi in self.split_top(a, b, {","}):
                pieces = self.split_top(lo, hi, {"="})
                if len(pieces) >= 2:
                    self.parse_expr(pieces[-1][0], hi)
                else:
                    self.scan_groups(lo, hi)
            return
        if deletable and not self.mentions_hook(a, b):
            self.add_site(a, b + 1, [("stmt-delete", self.short(a, b) + ";", "")],
                          "{ if (!::oracle_faults::schemata::on({k})) { ", " } }")
        self.parse_expr(a, b)

    # -- the whole file --
    def find_function_bodies(self):
        """The { of each function body outside any function (namespace and class level)."""
        bodies, k, n = [], 0, len(self.toks)
        while k < n:
            tx = self.t(k)
            if tx == "{" and k in self.match:
                j = k - 1
                while j >= 0 and self.t(j) in ("const", "noexcept", "override", "final", "mutable"):
                    j -= 1
                if self.t(j) == ")" or self.t(j) == "try":
                    bodies.append(k)
                    k = self.match[k] + 1
                    continue
                # a namespace, class or enum: look inside; an initialiser list: skip it
                back = k - 1
                while back >= 0 and self.t(back) not in (";", "{", "}", "="):
                    back -= 1
                if back >= 0 and self.t(back) == "=":
                    k = self.match[k] + 1
                    continue
            k += 1
        return bodies

    def run(self):
        self.sites, self.dead_ranges = [], []
        bodies = self.find_function_bodies()
        for lb in bodies:
            self.function, self.body = self.function_name(lb), lb
            self.parse_block(lb)
        # A function called only from dead code (a catalogue mutant's own code) is dead too.
        dead = self.dead_functions(bodies)
        self.sites = [site for site in self.sites if site.body not in dead]

    def dead_functions(self, bodies):
        def inside(k, ranges):
            return any(a <= k < b for a, b in ranges)

        body_ranges = {lb: (lb, self.match[lb] + 1) for lb in bodies}
        dead = set()
        for lb in bodies:
            name = self.function_name(lb).split("::")[-1]
            calls = [k for k, t in enumerate(self.toks)
                     if t.kind == "id" and t.text == name and self.t(k + 1) == "(" and not inside(k, [body_ranges[lb]])]
            live_calls = [k for k in calls if not inside(k, self.dead_ranges)]
            in_dead = [k for k in calls if inside(k, self.dead_ranges)]
            # the definition's own name is a "call" too: it sits outside every body
            definitions = [k for k in live_calls if not any(a <= k < b for a, b in body_ranges.values())]
            if in_dead and len(live_calls) == len(definitions):
                dead.add(lb)
        return dead

    def function_name(self, lb):
        """`OpRules::bounds` for the body at lb (the name before the parameter list)."""
        j = lb - 1
        while j >= 0 and self.t(j) != ")":
            j -= 1
        k = self.match.get(j, 0) - 1
        parts = []
        if k >= 1 and self.toks[k].kind == "op" and self.t(k - 1) == "operator":  # operator==
            parts, k = ["operator" + self.t(k)], k - 2
            if self.t(k) == "::" and self.toks[k - 1].kind == "id":
                parts.insert(0, self.t(k - 1) + "::")
            return "".join(parts)
        while k >= 0 and self.toks[k].kind == "id":
            parts.insert(0, self.t(k))
            if self.t(k - 1) != "::":
                break
            parts.insert(0, "::")
            k -= 2
        return "".join(parts) or "?"

    def render(self, first_id, active_sites):
        """The faulty text with ids from first_id; returns (text, next id)."""
        edits = []
        next_id = first_id
        for site in active_sites:
            site.first_id = next_id
            next_id += len(site.faults)
            for off, kind, span, seq, text in site.edits:
                if kind == 2:
                    _, endoff, repl = text
                    edits.append((off, 2, span, seq, repl, endoff))
                else:
                    edits.append((off, kind, span, seq, text.replace("{k}", str(site.first_id)), off))
        # at one offset: closers (inner first), then openers (outer first), then replacements
        edits.sort(key=lambda e: (e[0], e[1], e[2], e[3]))
        out, pos = [], 0
        for off, kind, span, seq, text, endoff in edits:
            out.append(self.text[pos:off])
            out.append(text)
            pos = endoff if kind == 2 else off
        out.append(self.text[pos:])
        return "".join(out), next_id


# ----------------------------------------------------------------------------------------------
# The run-time switch the oracle's runner takes: with a fault on, programs run on the interpreter
# that never trusts them (mutation/mutant_run.h), so a faulty validator cannot crash the tool by
# letting an out-of-bounds program through to the fast runner.
PATCHES = {
    "oracle/run.cc": [("compiled.variant->run(compiled, inputs)",
                       "(::oracle_faults::schemata::g_active != 0 ? ::oracle_faults::schemata::distrusting_run(compiled, inputs) "
                       ": compiled.variant->run(compiled, inputs))")],
    # A student's `run`: the sites of STUDENT_SIDE files are live only within it.
    "oracle/cli_run.cc": [("  std::optional<Compiled> compiled = compile_or_report(file, err, variant);",
                           "  ::oracle_faults::schemata::StudentSide student_side; "
                           "std::optional<Compiled> compiled = compile_or_report(file, err, variant);")],
}

# Files whose code the judge runs too: oracle/data.cc reads the student's stdin in `run` and also
# parses the student's stdout for the judge (testcase/compare.cc). Their sites take the switches of
# schemata::student_side, live only inside a student's `run` (schemata.h), so that a fault
# there is the student's mistake and the judge still reads what the student printed correctly.
# (The render path's driver, mutation/mutant_grading.cc, reads and prints outside `run`: there
# these files are the oracle without faults.)
STUDENT_SIDE = {"oracle/data.cc"}

# A header's copy includes the switches itself (a header is not compiled on its own, so it cannot
# be force-included): on the blank line after `#pragma once`, so that no line moves.
HEADER_PRELUDE = ("#pragma once\n\n", '#pragma once\n#include "oracle_faults/schemata.h"\n')


def finish_copy(rel, text):
    """The rendered copy of `rel` as it is written: student-side switches, a header's include."""
    if rel in STUDENT_SIDE:
        text = text.replace("::oracle_faults::schemata::", "::oracle_faults::schemata::student_side::")
    if rel.endswith(".h"):
        if text.count(HEADER_PRELUDE[0]) != 1:
            raise SystemExit(f"make_schemata: {rel}: expected one `#pragma once` and a blank line after it")
        text = text.replace(*HEADER_PRELUDE)
    return text


def syntax_errors(path, flags, cxx):
    language = ["-x", "c++"] if path.endswith(".h") else []  # a header is checked as a source
    proc = subprocess.run([cxx, *flags, "-fsyntax-only", "-fmax-errors=0", "-w", *language, path],
                          capture_output=True, text=True)
    if proc.returncode == 0:
        return None
    name = os.path.basename(path)
    lines = set()
    for line in proc.stderr.splitlines():
        m = re.match(r"(.*?):(\d+):\d+: ", line)
        if m and os.path.basename(m.group(1)) == name:
            lines.add(int(m.group(2)))
    return lines, proc.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--cxx", default="c++")
    ap.add_argument("--flag", action="append", default=[], help="a compiler flag for the syntax check")
    ap.add_argument("--patch", action="append", default=[], help="a file copied with its PATCHES only")
    ap.add_argument("files", nargs="+", help="sources to inject faults into, relative to --source-dir")
    args = ap.parse_args()

    injectors = {}
    for rel in args.files:
        with open(os.path.join(args.source_dir, rel)) as f:
            injectors[rel] = FaultInjector(rel, f.read())
    flags = ["-std=c++20", f"-I{args.source_dir}", "-include", "oracle_faults/schemata.h", *args.flag]
    stillborn = []

    def write(rel, text):
        path = os.path.join(args.out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if os.path.exists(path):
            with open(path) as f:
                if f.read() == text:
                    return path
        with open(path, "w") as f:
            f.write(text)
        return path

    def check(rel):
        m = injectors[rel]
        for attempt in range(8):
            m.run()
            text, _ = m.render(1, m.sites)
            result = syntax_errors(write(rel, finish_copy(rel, text)), flags, args.cxx)
            if result is None:
                return
            lines, stderr = result
            bad = {s.line for s in m.sites} & lines
            if not bad:
                raise SystemExit(f"make_schemata: {rel} does not compile and no site is to blame:\n{stderr}")
            for line in sorted(bad):
                stillborn.append(f"{rel}:{line}: does not compile with its switch")
            m.skip_lines |= bad
        raise SystemExit(f"make_schemata: {rel} still does not compile after 8 rounds")

    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(check, injectors))

    next_id = 1
    manifest = ["# id\tfile\tline\tfunction\toperator\toriginal\tfaulty\tsource line"]
    for rel in args.files:
        m = injectors[rel]
        text, after = m.render(next_id, m.sites)
        write(rel, finish_copy(rel, text))
        lines = m.text.split("\n")
        for site in m.sites:
            for j, (op, orig, faulty) in enumerate(site.faults):
                clean = lambda s: s.replace("\t", " ")
                manifest.append("\t".join([str(site.first_id + j), rel, str(site.line), site.function, op, clean(orig),
                                           clean(faulty), clean(" ".join(lines[site.line - 1].split()))]))
        next_id = after
    for spec in args.patch:
        with open(os.path.join(args.source_dir, spec)) as f:
            text = f.read()
        for old, new in PATCHES.get(spec, []):
            if text.count(old) != 1:
                raise SystemExit(f"make_schemata: {spec}: expected `{old}` once; update PATCHES")
            text = text.replace(old, new)
        write(spec, text)
    write("manifest.tsv", "\n".join(manifest) + "\n")
    write("stillborn.txt", "\n".join(sorted(set(stillborn))) + "\n")
    print(f"make_schemata: {next_id - 1} faults at {sum(len(m.sites) for m in injectors.values())} sites "
          f"in {len(injectors)} files; {len(set(stillborn))} lines dropped as not compiling")


if __name__ == "__main__":
    main()
