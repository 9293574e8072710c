// The clauses are read from the validator's analysis (intervals, lengths, versions, memory roots,
// open ranges) and the linearizer's list (where each statement is placed, which loops open in
// which order), so a test counts for a clause only when its program really takes that way.
#include "testcase/clauses.h"

#include <algorithm>
#include <functional>

#include "oracle/intervals.h"

namespace uirgrade {
namespace {

using uir::Op;
using uir::Stmt;

/// The ops on the way to value `k` (its own op and its operands', transitively) whose interval rule
/// matters, as clause suffixes; stops at ranges, loads, calls and constants.
std::set<std::string> ops_on_the_way(const std::vector<Stmt>& stmts, int k) {
  std::set<std::string> out;
  std::vector<bool> seen(stmts.size());
  std::function<void(int)> visit = [&](int s) {
    if (s < 0 || seen[s]) return;
    seen[s] = true;
    const Stmt& st = stmts[s];
    if (st.constant) {
      if (st.op == Op::Call) out.insert("call");
      return;
    }
    if ((st.op == Op::Add || st.op == Op::Mul) && st.interval && *st.interval == uir::kFullInterval) {
      bool operands_narrower = true;  // the full interval comes from leaving i32 here, not from an operand
      for (const uir::Operand& o : st.operands)
        if (o.ref >= 0 && stmts[o.ref].interval && *stmts[o.ref].interval == uir::kFullInterval) operands_narrower = false;
      if (operands_narrower) out.insert("overflow");
    }
    switch (st.op) {
      case Op::Mul:
        for (const uir::Operand& o : st.operands) {
          bool negative = o.ref >= 0 ? stmts[o.ref].interval && stmts[o.ref].interval->lo < 0
                                     : o.kind == uir::Operand::Kind::Literal && o.literal.as_i32() < 0;
          if (negative) out.insert("mul-negative");
        }
        break;
      case Op::Idiv: out.insert("idiv"); break;
      case Op::Mod: out.insert("mod"); break;
      case Op::Max: out.insert("max"); break;
      case Op::Where: out.insert("where"); break;
      case Op::Cast: out.insert("cast"); break;
      case Op::Load: out.insert("load"); return;
      case Op::Call: out.insert("call"); return;
      case Op::Range: return;
      default: break;
    }
    for (const uir::Operand& o : st.operands) visit(o.ref);
  };
  visit(k);
  return out;
}

int stmt_at_line(const std::vector<Stmt>& stmts, int line) {
  for (size_t k = 0; k < stmts.size(); ++k)
    if (stmts[k].line == line) return static_cast<int>(k);
  return -1;
}

/// The stores statement `effect` runs (itself, or those inside the end, transitively).
void stores_of(const std::vector<Stmt>& stmts, int effect, std::vector<int>* out) {
  if (effect < 0) return;
  if (stmts[effect].op == Op::Store) return out->push_back(effect);
  if (stmts[effect].op != Op::End) return;
  for (size_t o = 0; o + 1 < stmts[effect].operands.size(); ++o) stores_of(stmts, stmts[effect].operands[o].ref, out);
}

void invalid_clauses(const uir::Compiled& c, std::set<std::string>& out) {
  const std::vector<Stmt>& stmts = c.program.stmts;
  const std::string rule(uir::rule_info(c.error->rule).id);
  out.insert(rule);
  int k = stmt_at_line(stmts, c.error->line);
  if (k < 0) return;
  const Stmt& s = stmts[k];
  auto ref = [&](size_t o) { return o < s.operands.size() ? s.operands[o].ref : -1; };
  switch (c.error->rule) {
    case uir::Rule::Bounds: {
      if (s.op != Op::Shrink || ref(0) < 0) break;
      std::optional<uir::Interval> off = ref(1) >= 0 ? stmts[ref(1)].interval
                                                     : std::optional<uir::Interval>(uir::Interval{
                                                           s.operands[1].literal.as_i32(), s.operands[1].literal.as_i32()});
      if (off) out.insert(off->lo < 0 ? rule + "/below" : rule + "/above");
      if (stmts[ref(0)].kind == uir::Kind::View) out.insert(rule + "/view-of-view");
      for (const std::string& op : ops_on_the_way(stmts, ref(1))) out.insert(rule + "/through-" + op);
      break;
    }
    case uir::Rule::DivZero:
      if (ref(1) < 0 || stmts[ref(1)].constant) out.insert(rule + "/constant");
      for (const std::string& op : ops_on_the_way(stmts, ref(1))) out.insert(rule + "/through-" + op);
      break;
    case uir::Rule::AfterNoStore: {
      if (s.op != Op::After || ref(0) < 0 || ref(1) < 0) break;
      if (stmts[ref(1)].op == Op::End) out.insert(rule + "/through-end");
      std::vector<int> stores;
      stores_of(stmts, ref(1), &stores);
      for (int st : stores)
        out.insert(stmts[st].memory_root == stmts[ref(0)].memory_root ? rule + "/other-version-same-buffer"
                                                                      : rule + "/other-buffer");
      break;
    }
    case uir::Rule::StoreTwice:
      out.insert(s.open_ranges.empty() ? rule + "/outside-loops" : rule + "/in-loop");
      for (const Stmt& t : stmts)  // a store into a version that already has its after
        if (t.op == Op::After && t.operands[0].ref >= 0 && t.operands[0].ref == s.version && &t < &s)
          out.insert(rule + "/older-version");
      break;
    case uir::Rule::VersionFork:
      out.insert(s.open_ranges.empty() ? rule + "/outside-loops" : rule + "/in-loop");
      break;
    case uir::Rule::DeadEffect:
      // Not listed for an end: an end comes after its stores, so the first dead effect in file
      // order is always a store; "/end" would be a clause no program can reach.
      out.insert(s.op == Op::End ? rule + "/end" : rule + "/store");
      break;
    default:
      break;
  }
}

void near_miss_clauses(const uir::Compiled& c, std::set<std::string>& out) {
  const std::vector<Stmt>& stmts = c.program.stmts;
  for (size_t k = 0; k < stmts.size(); ++k) {
    const Stmt& s = stmts[k];
    if (s.op == Op::Shrink && s.operands.size() == 2 && s.operands[1].ref >= 0 && s.operands[0].ref >= 0) {
      const Stmt& offset = stmts[s.operands[1].ref];
      const Stmt& shrunk = stmts[s.operands[0].ref];
      if (!offset.constant && offset.interval && int64_t{offset.interval->hi} + s.length == shrunk.length) {
        out.insert("valid/E-BOUNDS/upper-edge");
        if (shrunk.kind == uir::Kind::View) out.insert("valid/E-BOUNDS/view-of-view-upper-edge");
        if (ops_on_the_way(stmts, s.operands[1].ref).count("mul-negative"))
          out.insert("valid/E-BOUNDS/upper-edge-through-mul-negative");
      }
    }
    if ((s.op == Op::Idiv || s.op == Op::Mod) && s.operands.size() == 2 && s.operands[1].ref >= 0) {
      const Stmt& d = stmts[s.operands[1].ref];
      if (!d.constant && d.interval && d.interval->lo == 1) out.insert("valid/E-DIV-ZERO/divisor-ends-at-1");
      if (!d.constant && d.interval && d.interval->hi == -1) out.insert("valid/E-DIV-ZERO/divisor-ends-at-minus-1");
    }
  }
}

void linearizer_clauses(const uir::Compiled& c, std::set<std::string>& out) {
  const std::vector<Stmt>& stmts = c.program.stmts;
  const uir::Linear& linear = c.linear;
  const size_t n = stmts.size();
  std::vector<int> depth(n, -1);  // placed depth (loops open around it); -1: not placed
  struct Loop {
    int range = -1, parent = -1;
    std::vector<int> members;
  };
  std::vector<Loop> loops;
  std::vector<int> open;
  for (const uir::Placed& item : linear.items) {
    if (item.step == uir::Step::Open) {
      loops.push_back({item.stmt, open.empty() ? -1 : open.back(), {}});
      open.push_back(static_cast<int>(loops.size()) - 1);
    } else if (item.step == uir::Step::Close) {
      if (!open.empty()) open.pop_back();
    } else if (item.stmt >= 0 && static_cast<size_t>(item.stmt) < n) {
      depth[item.stmt] = static_cast<int>(open.size());
      for (int l : open) loops[l].members.push_back(item.stmt);
    }
  }
  for (size_t k = 0; k < n; ++k) {
    const Stmt& s = stmts[k];
    if (s.op == Op::After && !s.open_ranges.empty() && depth[k] >= 0) out.insert("linearizer/after-inside-loop");
    if (s.op != Op::Load || depth[k] < 0) continue;
    bool moved = depth[k] > static_cast<int>(s.open_ranges.size());
    bool dead_user = false, deeper_live_user = false;
    for (size_t u = k + 1; u < n; ++u)
      for (const uir::Operand& o : stmts[u].operands)
        if (o.ref == static_cast<int>(k)) {
          if (depth[u] < 0) dead_user = true;
          if (depth[u] > depth[k]) deeper_live_user = true;
        }
    if (moved) out.insert("linearizer/load-moved-into-loop");
    if (moved && dead_user) out.insert("linearizer/dead-use-of-moved-load");
    if (!moved && deeper_live_user)
      for (size_t t = 0; t < n; ++t)  // a store into the version it reads, placed deeper: pinned
        if (stmts[t].op == Op::Store && stmts[t].version == s.version && depth[t] > depth[k])
          out.insert("linearizer/load-pinned");
  }
  // Sibling loops: in range-line order, or against it because of a data path through an end, or
  // against it with no data path (only a load->store edge orders them).
  std::vector<std::vector<bool>> ancestors(n, std::vector<bool>(n));
  for (size_t k = 0; k < n; ++k)
    for (const uir::Operand& op : stmts[k].operands)
      if (op.ref >= 0 && static_cast<size_t>(op.ref) < k) {
        ancestors[k][op.ref] = true;
        for (size_t a = 0; a < n; ++a)
          if (ancestors[op.ref][a]) ancestors[k][a] = true;
      }
  for (size_t i = 0; i < loops.size(); ++i)
    for (size_t j = i + 1; j < loops.size(); ++j) {
      if (loops[i].parent != loops[j].parent) continue;
      if (stmts[loops[j].range].line > stmts[loops[i].range].line) {
        out.insert("linearizer/siblings-in-range-order");
        continue;
      }
      bool data = false;
      for (int b : loops[j].members)
        for (int a : loops[i].members) data = data || ancestors[b][a];
      out.insert(data ? "linearizer/siblings-ordered-by-end" : "linearizer/siblings-ordered-by-load-store-edge");
    }
}

}  // namespace

const std::vector<std::string>& all_clauses() {
  static const std::vector<std::string> clauses = [] {
    std::vector<std::string> out;
    for (const uir::RuleInfo& r : uir::rule_table()) out.push_back(std::string(r.id));
    for (const char* way : {"below", "above", "view-of-view", "through-mul-negative", "through-idiv", "through-mod",
                            "through-max", "through-where", "through-cast", "through-load", "through-call",
                            "through-overflow"})
      out.push_back(std::string("E-BOUNDS/") + way);
    for (const char* way : {"constant", "through-mul-negative", "through-idiv", "through-mod", "through-max",
                            "through-where", "through-cast", "through-load", "through-call", "through-overflow"})
      out.push_back(std::string("E-DIV-ZERO/") + way);
    for (const char* c : {"E-AFTER-NO-STORE/other-buffer", "E-AFTER-NO-STORE/other-version-same-buffer",
                          "E-AFTER-NO-STORE/through-end", "E-STORE-TWICE/in-loop", "E-STORE-TWICE/outside-loops",
                          "E-STORE-TWICE/older-version", "E-VERSION-FORK/in-loop", "E-VERSION-FORK/outside-loops",
                          "E-DEAD-EFFECT/store", "valid/E-BOUNDS/upper-edge",
                          "valid/E-BOUNDS/upper-edge-through-mul-negative", "valid/E-BOUNDS/view-of-view-upper-edge",
                          "valid/E-DIV-ZERO/divisor-ends-at-1", "valid/E-DIV-ZERO/divisor-ends-at-minus-1",
                          "linearizer/load-moved-into-loop", "linearizer/dead-use-of-moved-load", "linearizer/load-pinned",
                          "linearizer/siblings-ordered-by-end", "linearizer/siblings-ordered-by-load-store-edge",
                          "linearizer/siblings-in-range-order", "linearizer/after-inside-loop"})
      out.push_back(c);
    return out;
  }();
  return clauses;
}

int clause_week(const std::string& clause) {
  if (clause.starts_with("linearizer/") || clause.starts_with("valid/")) return 3;
  if (clause.ends_with("/in-loop") || clause.ends_with("/through-end")) return 3;
  std::string rule = clause.substr(0, clause.find('/'));
  int week = 1;
  for (const uir::RuleInfo& r : uir::rule_table())
    if (r.id == rule) week = r.section.starts_with("§5") ? 3 : r.section.starts_with("§4") ? 2 : 1;
  // A divisor or offset that is not a constant and not a parameter (whose interval is full) comes
  // from memory or a range: week 2 at the earliest, except through a call or as a constant.
  if (clause.find("/through-") != std::string::npos && !clause.ends_with("/through-call")) week = std::max(week, 2);
  return week;
}

std::set<std::string> clauses_of(const uir::Compiled& compiled) {
  std::set<std::string> out;
  if (compiled.error) {
    invalid_clauses(compiled, out);
  } else {
    near_miss_clauses(compiled, out);
    linearizer_clauses(compiled, out);
  }
  return out;
}

}  // namespace uirgrade
