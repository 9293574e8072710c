// Each flaw edits the text of a valid program: it rewrites one statement in place (an operand,
// an op word), or appends a few statements that break the rule at a known line. It reads the
// oracle's analysis of the valid program (kinds, dtypes, versions, lengths) only to find a place
// where the flaw applies; whether the label is right is checked by compiling the result
// (oracle_agrees), never assumed.
#include "generators/flaws.h"

#include <functional>
#include <sstream>

#include "oracle/oracle.h"

namespace uirgen {

using uir::Op;
using uir::Rule;
using uir::Stmt;

namespace {

/// What a flaw works on: the valid program's lines and the oracle's analysis of it.
struct Site {
  std::vector<std::string> lines;
  uir::Compiled compiled;
  Chooser& c;

  const std::vector<Stmt>& stmts() const { return compiled.program.stmts; }
  /// A random top-level statement satisfying `accept`, or -1.
  int pick(const std::function<bool(const Stmt&)>& accept) {
    std::vector<int> found;
    for (size_t k = 0; k < stmts().size(); ++k)
      if (accept(stmts()[k])) found.push_back(static_cast<int>(k));
    if (found.empty()) return -1;
    return found[c.pick(0, static_cast<int>(found.size()) - 1)];
  }
  /// The latest top-level version of each buffer or alloc (no after outside loops built on it).
  int pick_latest_version() {
    return pick([&](const Stmt& s) {
      return (s.kind == uir::Kind::Memory) && s.open_ranges.empty() && !has_top_after(s);
    });
  }
  bool has_top_after(const Stmt& version) const {
    for (const Stmt& s : stmts())
      if (s.op == Op::After && s.open_ranges.empty() && s.operands[0].ref >= 0 &&
          stmts()[s.operands[0].ref].name == version.name)
        return true;
    return false;
  }
  /// A literal of `memory`'s dtype for a flaw's store to write.
  std::string literal_of(const Stmt& memory) const { return memory.dtype == uir::DType::F32 ? "1.5" : "7"; }
};

struct Edit {
  std::vector<std::string> lines;
  int line = 0;
};

/// The valid lines with `extra` appended; the label is the append's line `target` (0-based in extra).
Edit append(const Site& site, std::vector<std::string> extra, int target) {
  Edit edit{site.lines, 0};
  edit.line = static_cast<int>(edit.lines.size()) + target + 1;
  for (std::string& line : extra) edit.lines.push_back(std::move(line));
  return edit;
}

/// The valid lines with the line of statement `stmt` replaced.
Edit replace(const Site& site, int stmt, const std::string& text) {
  Edit edit{site.lines, site.stmts()[stmt].line};
  edit.lines[edit.line - 1] = text;
  return edit;
}

/// The statement's line with operand `k`'s token replaced by `token`.
std::string with_operand(const Site& site, int stmt, size_t k, const std::string& token) {
  const Stmt& s = site.stmts()[stmt];
  std::string line = site.lines[s.line - 1];
  const uir::Operand& op = s.operands[k];
  return line.substr(0, op.column - 1) + token + line.substr(op.column - 1 + op.text.size());
}

bool is_binary_arith(const Stmt& s) { return s.op == Op::Add || s.op == Op::Mul || s.op == Op::Max; }

using MakeFlaw = std::optional<Edit> (*)(Site&);

struct Entry {
  const char* name;
  Rule rule;
  MakeFlaw make;
};

const Entry kCatalog[] = {
    {"unknown-op", Rule::Syntax,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) { return uir::op_info(st.op).named; });
       if (k < 0) return std::nullopt;
       const Stmt& st = s.stmts()[k];
       std::string line = s.lines[st.line - 1];
       return replace(s, k,
                      line.substr(0, st.op_column - 1) + "frobnicate" +
                          line.substr(st.op_column - 1 + uir::op_info(st.op).spelling.size()));
     }},
    {"missing-operand", Rule::Syntax,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick(is_binary_arith);
       if (k < 0) return std::nullopt;
       const Stmt& st = s.stmts()[k];
       return replace(s, k, s.lines[st.line - 1].substr(0, st.operands[1].column - 2));
     }},
    {"size-too-large", Rule::Syntax,
     [](Site& s) -> std::optional<Edit> { return append(s, {"%bad_alloc = alloc 16777217 dtype=f32"}, 0); }},
    {"assert-in-body", Rule::FuncBody,
     [](Site& s) -> std::optional<Edit> {
       return append(
           s,
           {"func @bad_body(%q: i32) -> i32 {", "  %bad_c = cmplt %q 3", "  assert %bad_c", "  ret %q", "}"},
           2);
     }},
    {"body-without-ret", Rule::FuncBody,
     [](Site& s) -> std::optional<Edit> {
       return append(s, {"func @bad_body(%q: f32) -> f32 {", "  %bad_x = mul %q %q", "}"}, 2);
     }},
    {"literal-overflow", Rule::Literal,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) {
         // A size's literal is range-checked first (E-SYNTAX, spec §4): not a place for this one.
         if (st.op == Op::Buffer || st.op == Op::Alloc) return false;
         for (const uir::Operand& op : st.operands)
           if (op.kind == uir::Operand::Kind::Literal) return true;
         return false;
       });
       if (k < 0) return std::nullopt;
       const Stmt& st = s.stmts()[k];
       for (size_t o = 0; o < st.operands.size(); ++o)
         if (st.operands[o].kind == uir::Operand::Kind::Literal)
           return replace(s, k, with_operand(s, k, o, s.c.chance(50) ? "2147483648" : "-2147483649"));
       return std::nullopt;
     }},
    {"name-defined-twice", Rule::Redefined,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) { return !st.name.empty(); });
       if (k < 0) return std::nullopt;
       return append(s, {s.stmts()[k].name + " = const 1"}, 0);
     }},
    {"slot-used-twice", Rule::Redefined,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) { return st.op == Op::Buffer; });
       if (k < 0) return std::nullopt;
       return append(s, {"%bad_buf = buffer 4 dtype=i32 slot=" + std::to_string(s.stmts()[k].slot)}, 0);
     }},
    {"function-defined-twice", Rule::Redefined,
     [](Site& s) -> std::optional<Edit> {
       if (s.compiled.program.funcs.empty()) return std::nullopt;
       const uir::Function& f =
           s.compiled.program.funcs[s.c.pick(0, static_cast<int>(s.compiled.program.funcs.size()) - 1)];
       return append(s, {"func " + f.name + "() -> i32 {", "  %bad_x = const 1", "  ret %bad_x", "}"}, 0);
     }},
    {"use-before-definition", Rule::Undefined,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([&](const Stmt& st) {
         return &st != &s.stmts().back() && !st.operands.empty() &&
                st.operands[0].kind == uir::Operand::Kind::Ref;
       });
       if (k < 0) return std::nullopt;
       int later = s.c.pick(k + 1, static_cast<int>(s.stmts().size()) - 1);
       if (s.stmts()[later].name.empty()) return std::nullopt;
       return replace(s, k, with_operand(s, k, 0, s.stmts()[later].name));
     }},
    {"undefined-name", Rule::Undefined,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) {
         return !st.operands.empty() && st.operands.back().kind == uir::Operand::Kind::Ref;
       });
       if (k < 0) return std::nullopt;
       return replace(s, k, with_operand(s, k, s.stmts()[k].operands.size() - 1, "%nowhere"));
     }},
    {"mixed-dtypes", Rule::Type,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) {
         return is_binary_arith(st) && (st.dtype == uir::DType::I32 || st.dtype == uir::DType::F32);
       });
       if (k < 0) return std::nullopt;
       bool is_int = s.stmts()[k].dtype == uir::DType::I32;
       return replace(s, k, with_operand(s, k, 1, is_int ? "2.5" : "2"));
     }},
    {"effect-as-value", Rule::Type,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) { return st.op == Op::Store || st.op == Op::End; });
       if (k < 0) return std::nullopt;
       return append(s, {"%bad_x = add " + s.stmts()[k].name + " 1"}, 0);
     }},
    {"assert-in-loop", Rule::OpenRange,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) { return st.op == Op::Range; });
       if (k < 0) return std::nullopt;
       return append(s, {"%bad_c = cmplt " + s.stmts()[k].name + " 2", "assert %bad_c"}, 1);
     }},
    {"bound-depends-on-range", Rule::OpenRange,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) { return st.op == Op::Range; });
       if (k < 0) return std::nullopt;
       return append(s, {"%bad_r = range " + s.stmts()[k].name}, 0);
     }},
    {"size-depends-on-range", Rule::OpenRange,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) { return st.op == Op::Range; });
       if (k < 0) return std::nullopt;
       return append(s, {"%bad_a = alloc " + s.stmts()[k].name + " dtype=i32"}, 0);
     }},
    {"view-past-end", Rule::Bounds,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) { return st.kind == uir::Kind::Memory; });
       if (k < 0) return std::nullopt;
       const Stmt& m = s.stmts()[k];
       int shape = s.c.pick(1, m.length);
       std::string shape_text = shape == 1 ? "[]" : "[" + std::to_string(shape) + "]";
       return append(s,
                     {"%bad_v = shrink " + m.name + " " + std::to_string(m.length - shape + 1) +
                      " shape=" + shape_text},
                     0);
     }},
    {"view-before-start", Rule::Bounds,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) {
         return st.op == Op::Shrink && st.operands[1].kind == uir::Operand::Kind::Literal;
       });
       if (k < 0) return std::nullopt;
       return replace(s, k, with_operand(s, k, 1, "-1"));
     }},
    {"divisor-may-be-zero", Rule::DivZero,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) { return st.op == Op::Idiv || st.op == Op::Mod; });
       if (k >= 0 && s.c.chance(60)) return replace(s, k, with_operand(s, k, 1, "0"));
       int r = s.pick([](const Stmt& st) { return st.op == Op::Range; });
       return append(s, {"%bad_d = idiv 7 " + (r >= 0 ? s.stmts()[r].name : std::string("0"))}, 0);
     }},
    {"range-closed-twice", Rule::EndTwice,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) { return st.op == Op::End; });
       if (k < 0) return std::nullopt;
       std::string line = s.lines[s.stmts()[k].line - 1];
       return append(s, {"%bad_e = " + line.substr(line.find("end"))}, 0);
     }},
    {"close-unused-range", Rule::EndUnused,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) { return st.op == Op::Store; });
       if (k < 0) return std::nullopt;
       return append(s, {"%bad_r = range 2", "%bad_e = end " + s.stmts()[k].name + " %bad_r"}, 1);
     }},
    {"store-into-older-version", Rule::StoreTwice,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([&](const Stmt& st) {
         return st.kind == uir::Kind::Memory && st.open_ranges.empty() && s.has_top_after(st);
       });
       if (k < 0) return std::nullopt;
       const Stmt& m = s.stmts()[k];
       return append(
           s, {"%bad_v = shrink " + m.name + " 0 shape=[]", "%bad_s = store %bad_v " + s.literal_of(m)}, 1);
     }},
    {"two-stores-one-version", Rule::StoreTwice,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick_latest_version();
       if (k < 0) return std::nullopt;
       const Stmt& m = s.stmts()[k];
       return append(s,
                     {"%bad_v = shrink " + m.name + " 0 shape=[]", "%bad_s = store %bad_v " + s.literal_of(m),
                      "%bad_t = store %bad_v " + s.literal_of(m)},
                     2);
     }},
    {"after-without-its-store", Rule::AfterNoStore,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick_latest_version();
       if (k < 0) return std::nullopt;
       const Stmt& m = s.stmts()[k];
       // A fresh alloc's store is an effect that does not write into m.
       return append(s,
                     {"%bad_a = alloc 2 dtype=i32", "%bad_v = shrink %bad_a 1 shape=[]",
                      "%bad_s = store %bad_v 5", "%bad_m = after " + m.name + " %bad_s"},
                     3);
     }},
    {"version-forked", Rule::VersionFork,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick([](const Stmt& st) { return st.op == Op::After && st.open_ranges.empty(); });
       if (k < 0) return std::nullopt;
       std::string line = s.lines[s.stmts()[k].line - 1];
       return append(s, {"%bad_m = " + line.substr(line.find("after"))}, 0);
     }},
    {"dangling-store", Rule::DeadEffect,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick_latest_version();
       if (k < 0) return std::nullopt;
       const Stmt& m = s.stmts()[k];
       return append(
           s, {"%bad_v = shrink " + m.name + " 0 shape=[]", "%bad_s = store %bad_v " + s.literal_of(m)}, 1);
     }},
    {"loop-without-after", Rule::DeadEffect,
     [](Site& s) -> std::optional<Edit> {
       int k = s.pick_latest_version();
       if (k < 0) return std::nullopt;
       const Stmt& m = s.stmts()[k];
       return append(
           s,
           {"%bad_r = range " + std::to_string(m.length), "%bad_v = shrink " + m.name + " %bad_r shape=[]",
            "%bad_s = store %bad_v " + s.literal_of(m), "%bad_e = end %bad_s %bad_r"},
           2);
     }},
    {"load-after-its-overwrite", Rule::LoadOrder,
     [](Site& s) -> std::optional<Edit> {
       // The load of %bad_a reads an index computed from %bad_a1, which exists only after the store
       // into %bad_a: the load cannot run before that store.
       int k = s.pick_latest_version();
       if (k < 0) return std::nullopt;
       const Stmt& m = s.stmts()[k];
       std::string cast =
           m.dtype == uir::DType::F32 ? "%bad_f = cast %bad_l dtype=f32" : "%bad_f = add %bad_l 0";
       return append(
           s,
           {"%bad_a = alloc 4 dtype=i32", "%bad_v = shrink %bad_a 0 shape=[]", "%bad_s = store %bad_v 1",
            "%bad_a1 = after %bad_a %bad_s", "%bad_w = shrink %bad_a1 1 shape=[]", "%bad_x = load %bad_w",
            "%bad_m = mod %bad_x 4", "%bad_o = max %bad_m 0", "%bad_u = shrink %bad_a %bad_o shape=[]",
            "%bad_l = load %bad_u", cast, "%bad_t = shrink " + m.name + " 0 shape=[]",
            "%bad_st = store %bad_t %bad_f", "%bad_out = after " + m.name + " %bad_st"},
           9);
     }},
};

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

const std::vector<FlawInfo>& flaw_catalog() {
  static const std::vector<FlawInfo> catalog = [] {
    std::vector<FlawInfo> out;
    for (const Entry& e : kCatalog) out.push_back({e.name, e.rule});
    return out;
  }();
  return catalog;
}

std::optional<InvalidProgram> apply_flaw(const std::string& valid_text, int flaw, Chooser& chooser) {
  Site site{split_lines(valid_text), uir::compile("gen.uir", valid_text), chooser};
  if (site.compiled.error) return std::nullopt;
  std::optional<Edit> edit = kCatalog[flaw].make(site);
  if (!edit) return std::nullopt;
  InvalidProgram out;
  for (const std::string& line : edit->lines) out.text += line + "\n";
  out.flaw = flaw;
  out.rule = kCatalog[flaw].rule;
  out.line = edit->line;
  return out;
}

bool oracle_agrees(const InvalidProgram& invalid) {
  uir::Compiled compiled = uir::compile("gen.uir", invalid.text);
  return compiled.error && compiled.error->rule == invalid.rule && compiled.error->line == invalid.line;
}

}  // namespace uirgen
