// Approach: every rule here is a lookup in a table indexed by statement, filled as the walk goes:
// the end that closed each range, the store that wrote each version, the afters built on each
// version per set of open ranges. The one rule that must look deeper, E-AFTER-NO-STORE for
// `after m (end ... r)`, walks the loop body of `r` backwards from the end, and only through
// statements with `r` open: every statement between a store in the loop and its end has `r` open
// (only that end closes `r`), so the walk never leaves the loop, and each end's walk is done once
// and cached. The total work is the sum of the statements' open-range counts: linear in practice.
// E-VERSION-FORK looks through the afters already on the same version: in a program that passed
// E-STORE-TWICE and E-AFTER-NO-STORE, each one's effect is the version's one store or the end of a
// loop around that store, so a version has at most one after per loop level and the look is short.
#include "oracle/op_rules.h"

#include <algorithm>

#include <fmt/format.h>

#include "oracle/intervals.h"
#include "oracle/typecheck.h"

namespace uir {

namespace {

bool has_open(const Stmt& stmt, int32_t range) {
  return stmt.open_ranges.contains(range);
}

/// The spec §4.3 interval of an i32 operand: [v, v] for a literal, else its statement's.
Interval operand_interval(const std::vector<Stmt>& block, const Operand& operand) {
  if (operand.kind == Operand::Kind::Literal) return {operand.literal.as_i32(), operand.literal.as_i32()};
  return block[operand.ref].interval.value_or(kFullInterval);
}

std::string interval_text(Interval a) { return fmt::format("[{}, {}]", a.lo, a.hi); }

}  // namespace

OpRules::OpRules(const std::vector<Stmt>& block, const OracleVariant& variant)
    : block_(block),
      variant_(variant),
      end_of_range_(block.size(), -1),
      store_into_(block.size(), -1),
      last_after_on_(block.size(), -1),
      earlier_after_on_same_(block.size(), -1),
      loop_stores_begin_(block.size(), -1),
      loop_stores_count_(block.size(), 0),
      visited_by_(block.size(), -1),
      built_on_base_for_(block.size(), -1) {}

std::optional<Error> OpRules::check(int index) {
  // Which rules an op has is data (ops.def's own_rules); how each rule is checked is code (below).
  uint32_t own = op_info(block_[index].op).own_rules;
  for (const RuleInfo& rule : rule_table())
    if (own & (1u << static_cast<unsigned>(rule.rule)))
      if (std::optional<Error> error = check_rule(rule.rule, index)) return error;
  return std::nullopt;
}

std::optional<Error> OpRules::check_rule(Rule rule, int index) {
  const Stmt& stmt = block_[index];
  switch (rule) {
    case Rule::Bounds: return bounds(stmt);
    case Rule::DivZero: return div_zero(stmt);
    case Rule::EndTwice: return end_twice(stmt, index);
    case Rule::EndUnused: return end_unused(stmt);
    case Rule::StoreTwice: return store_twice(stmt, index);
    case Rule::AfterNoStore: return after_no_store(stmt, index);
    case Rule::VersionFork: return version_fork(stmt, index);
    // Not an op's own rule: the statement rules (typecheck.cc) and the whole-program ones (linearizer).
    case Rule::Syntax: case Rule::FuncBody: case Rule::Literal: case Rule::Redefined: case Rule::Undefined:
    case Rule::Type: case Rule::OpenRange: case Rule::Nest: case Rule::DeadEffect: case Rule::LoadOrder: break;
  }
  return std::nullopt;
}

// E-BOUNDS (spec §4.2): with off in [lo, hi], 0 <= lo and hi + k <= n.
std::optional<Error> OpRules::bounds(const Stmt& shrink) const {
  const Operand& offset = shrink.operands[1];
  Interval off = operand_interval(block_, offset);
  const Stmt& whole = block_[shrink.operands[0].ref];
  int64_t k = shrink.shape;
  if (!variant_.checks_statement(Rule::Bounds, shrink.op)) return std::nullopt;
  k = variant_.bounds_window(k);
  if (off.lo >= 0 && int64_t{off.hi} + k <= whole.length) return std::nullopt;
  std::string window = k == 1 ? "element" : fmt::format("{} elements", k);
  return operand_error(Rule::Bounds, shrink, offset,
                  fmt::format("the offset {} is in {}, so the view's {} may fall outside the {} elements of {}",
                              offset.text, interval_text(off), window, whole.length, shrink.operands[0].text));
}

// E-DIV-ZERO (spec §3): the divisor's interval must exclude 0.
std::optional<Error> OpRules::div_zero(const Stmt& division) const {
  const Operand& divisor = division.operands[1];
  Interval d = operand_interval(block_, divisor);
  if (!contains_zero(d) || !variant_.checks_statement(Rule::DivZero, division.op)) return std::nullopt;
  if (divisor.kind == Operand::Kind::Literal) return operand_error(Rule::DivZero, division, divisor, "the divisor is 0");
  return operand_error(Rule::DivZero, division, divisor,
                  fmt::format("the divisor {} is in {}, which holds 0", divisor.text, interval_text(d)));
}

// E-END-TWICE (spec §5.1): one end per range. Validation stops at the first error, so the end is
// recorded as soon as its own check passes.
std::optional<Error> OpRules::end_twice(const Stmt& end, int index) {
  const Operand& range = end.operands.back();
  if (int32_t earlier = end_of_range_[range.ref]; earlier >= 0)
    return operand_error(Rule::EndTwice, end, range,
                    fmt::format("range {} is already closed by the end on line {}", range.text, block_[earlier].line));
  end_of_range_[range.ref] = index;
  return std::nullopt;
}

// E-END-UNUSED (spec §5.1): every effect an end lists depends on its range.
std::optional<Error> OpRules::end_unused(const Stmt& end) const {
  const Operand& range = end.operands.back();
  for (size_t k = 0; k + 1 < end.operands.size(); ++k) {
    if (!variant_.checks_end_effect(k)) break;
    const Operand& effect = end.operands[k];
    if (!has_open(block_[effect.ref], range.ref) && variant_.checks_statement(Rule::EndUnused, end.op))
      return operand_error(Rule::EndUnused, end, effect, fmt::format("{} does not depend on {}", effect.text, range.text));
  }
  return std::nullopt;
}

// E-STORE-TWICE (spec §4.1): one store per version.
std::optional<Error> OpRules::store_twice(const Stmt& store, int index) {
  int32_t version = store.version;
  if (int32_t earlier = store_into_[version]; earlier >= 0) {
    if (!variant_.stores_conflict(block_[earlier], store)) return std::nullopt;
    return operand_error(Rule::StoreTwice, store, store.operands[0],
                    fmt::format("{} already has its store on line {}: store into a newer version (after)",
                                block_[version].name, block_[earlier].line));
  }
  store_into_[version] = index;
  return std::nullopt;
}

// E-AFTER-NO-STORE (spec §4.1), read word by word: in `after m e`, either e is a store into m, or
// e is `end ... r` and every store that e depends on, that has r open and that writes into m's
// buffer writes into m or into a version built on m by afters that have r open; and one exists.
std::optional<Error> OpRules::after_no_store(const Stmt& after, int index) {
  const Operand& memory = after.operands[0];
  const Operand& effect = after.operands[1];
  int32_t m = memory.ref;
  const Stmt& e = block_[effect.ref];
  if (e.op == Op::Store) {
    if (e.version == m) return std::nullopt;
    std::string into = block_[e.version].memory_root == block_[m].memory_root
                           ? fmt::format("{}, another version of the same memory", block_[e.version].name)
                           : fmt::format("{}, other memory", block_[e.version].name);
    return operand_error(Rule::AfterNoStore, after, effect,
                    fmt::format("{} stores into {}, not into {}", effect.text, into, memory.text));
  }
  int32_t range = e.operands.back().ref;
  bool found = false;
  for (int32_t store : loop_stores(effect.ref)) {
    const Stmt& s = block_[store];
    if (s.memory_root != block_[m].memory_root) continue;
    if (!built_on_inside_loop(s.version, m, range, index))
      return operand_error(Rule::AfterNoStore, after, effect,
                      fmt::format("the loop of {} stores into {} on line {}, which is neither {} nor a version "
                                  "built on it inside the loop", block_[range].name, block_[s.version].name,
                                  s.line, memory.text));
    found = true;
  }
  if (found) return std::nullopt;
  return operand_error(Rule::AfterNoStore, after, effect,
                  fmt::format("the loop of {} that {} ends stores nothing into {}", block_[range].name,
                              effect.text, memory.text));
}

// E-VERSION-FORK (spec §4.1): one after per version among the afters with the same open ranges.
std::optional<Error> OpRules::version_fork(const Stmt& after, int index) {
  const Operand& memory = after.operands[0];
  for (int32_t earlier = last_after_on_[memory.ref]; earlier >= 0; earlier = earlier_after_on_same_[earlier])
    if (block_[earlier].open_ranges == after.open_ranges)
      return operand_error(Rule::VersionFork, after, memory,
                           fmt::format("{} already has an after at these open ranges on line {}: a version's "
                                       "afters form one chain", memory.text, block_[earlier].line));
  earlier_after_on_same_[index] = last_after_on_[memory.ref];
  last_after_on_[memory.ref] = index;
  return std::nullopt;
}

std::span<const int32_t> OpRules::loop_stores(int32_t end_index) {
  if (loop_stores_begin_[end_index] < 0) {
    const Stmt& end = block_[end_index];
    int32_t range = end.operands.back().ref;
    size_t begin = loop_stores_.size();
    auto visit = [&](const Stmt& stmt) {
      for (const Operand& operand : stmt.operands) {
        if (operand.kind != Operand::Kind::Ref || visited_by_[operand.ref] == end_index) continue;
        if (!has_open(block_[operand.ref], range)) continue;  // outside the loop: no store of it there
        visited_by_[operand.ref] = end_index;
        pending_.push_back(operand.ref);
      }
    };
    visit(end);
    while (!pending_.empty()) {
      int32_t at = pending_.back();
      pending_.pop_back();
      if (block_[at].op == Op::Store) loop_stores_.push_back(at);
      visit(block_[at]);
    }
    std::sort(loop_stores_.begin() + begin, loop_stores_.end());  // report the first offending store in file order
    loop_stores_begin_[end_index] = static_cast<int32_t>(begin);
    loop_stores_count_[end_index] = static_cast<int32_t>(loop_stores_.size() - begin);
  }
  return std::span(loop_stores_).subspan(loop_stores_begin_[end_index], loop_stores_count_[end_index]);
}

bool OpRules::built_on_inside_loop(int32_t version, int32_t base, int32_t range, int32_t after) {
  // Walk down the chain of afters to `base` (or to a version already found built on it) or to a
  // version that leaves the loop. A `false` ends the after's check with an error, so only the
  // versions of a `true` walk need remembering.
  walked_.clear();
  for (int32_t v = version; v != base && built_on_base_for_[v] != after; v = block_[v].operands[0].ref) {
    if (block_[v].op != Op::After || !has_open(block_[v], range)) return false;
    walked_.push_back(v);
  }
  for (int32_t v : walked_) built_on_base_for_[v] = after;
  return true;
}

}  // namespace uir
