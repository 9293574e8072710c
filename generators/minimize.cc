// The minimiser of a failing program (test-case reduction; not the `shrink` view op), in two stages.
//
// 1. RapidCheck's shrink tree (when the limits give it a share). A generated program is a replay
//    of recorded choices; its Shrinkable (generate.h) offers programs built from shorter or smaller
//    choice lists, each valid by construction. The walk takes the first child that still fails.
// 2. A statement-level reducer for any program that parses (a generated one after stage 1, an
//    invalid generated one, or a hand-written failing test). Each candidate is one edit of the
//    parsed program (generators/minimize_edits.h), printed back to text:
//      - drop a statement together with every statement that uses it (its "cone");
//      - replace every use of a value by a literal: a constant expression by its own value (`const 3`
//        by 3, `add 3 4` by 7), any other value by the plainest literal of its dtype (the value
//        then has no users and the next pass drops it);
//      - forward a stored value: a load of the element a store just wrote takes the stored value;
//      - bypass a statement: replace its uses by one of its operands of the same kind and dtype
//        (`add 0 %x` by %x, an after by the version it extends, which leaves its store unused);
//      - drop a store with the after that makes it visible (the after's uses take its memory);
//      - flatten a loop: its end's uses take the end's effect, the range's uses become 0;
//      - lower a range's literal bound to 1;
//      - drop a function nothing calls;
//    and, when none of these is kept any more, the costlier ones, which make the program simpler
//    so that the cheap ones apply again:
//      - the whole program in i32 (its f32 memories, casts and literals);
//      - two memories made one chain of versions;
//      - an i32 literal lowered towards 0;
//      - merge a statement into another of the same kind and dtype defined before its uses (they
//        take the other one, and it goes).
//    A candidate that does not compile as the original did is tried once more with its forked
//    version chains continued: flattening an outer loop leaves two afters on one version, which
//    the loop bugs' programs need mended to lose their outer loops.
//    A candidate is kept only when compile() gives what it gave the original (no error for a valid
//    program; the same rule, at any line, for an invalid one) and the failure is still there. Edits
//    make the program strictly smaller or simpler, so the passes end; the budget ends them sooner.
#include <rapidcheck/Seq.h>

#include <chrono>

#include "generators/builder.h"
#include "generators/fuzz.h"
#include "generators/generate.h"
#include "generators/minimize_edits.h"
#include "oracle/oracle.h"
#include "oracle/parse.h"
#include "oracle/print.h"

namespace uirgen {
namespace {

using Clock = std::chrono::steady_clock;
using uir::Operand;
using uir::Program;
using uir::Stmt;

/// The rule a program's compile reports, or none for a valid program.
std::optional<uir::Rule> rule_of(const uir::Compiled& compiled) {
  return compiled.error ? std::optional(compiled.error->rule) : std::nullopt;
}

struct Search {
  const std::function<bool(const std::string&)>& still_fails;
  const MinimizeLimits& limits;
  MinimizeStats& stats;
  std::optional<uir::Rule> rule;  // what every candidate must compile to: the original's outcome
  Clock::time_point start = Clock::now();

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start).count(); }
  bool exhausted() const { return stats.attempts >= limits.max_attempts || elapsed() > limits.max_seconds; }
  bool fails(const std::string& text) {
    ++stats.attempts;
    return still_fails(text);
  }
};

std::string walk_shrink_tree(const std::string& text, Search& search) {
  std::string first_line = text.substr(0, text.find('\n'));
  int week = 0, size = 0;
  uint64_t seed = 0;
  if (search.limits.tree_share <= 0 || !parse_generator_header(first_line, &week, &seed, &size)) return text;
  GenLimits limits;
  limits.swarm = header_says_swarm(first_line);
  rc::Shrinkable<GeneratedProgram> current = sample_shrinkable(week, seed, size, limits);
  if (program_text(current.value()) != text) return text;  // edited since it was generated
  std::string current_text = text;
  // The tree gets its share of the attempts, and at most kChildrenPerLevel children at each level:
  // a shrunk choice list often rebuilds a quite different program, so long runs of children that
  // no longer fail are common, and the statement reducer makes surer progress with what is left.
  constexpr int kChildrenPerLevel = 100;
  const int tree_budget = static_cast<int>(search.limits.max_attempts * search.limits.tree_share);
  bool progress = true;
  while (progress && !search.exhausted() && search.stats.attempts < tree_budget) {
    progress = false;
    rc::Seq<rc::Shrinkable<GeneratedProgram>> children = current.shrinks();
    int tried = 0;
    while (auto child = children.next()) {
      if (search.exhausted() || search.stats.attempts >= tree_budget || ++tried > kChildrenPerLevel) break;
      std::string candidate = program_text(child->value());
      if (search.fails(candidate)) {
        current = *child;
        current_text = std::move(candidate);
        ++search.stats.tree_steps;
        progress = true;
        break;
      }
    }
  }
  return current_text;
}

/// Keeps `candidate` (or, when it does not compile as the original did, the candidate with its
/// forked chains continued) as the new current program when it is valid and still fails.
bool try_candidate(const Program& candidate, Search& search, uir::Compiled* current,
                   std::string* current_text) {
  if (search.exhausted()) return false;
  std::string text = uir::print_program(candidate);
  if (text == *current_text) return false;  // an edit that changed nothing (e.g. a value with no uses)
  uir::Compiled compiled = uir::compile("minimize.uir", text);
  if (rule_of(compiled) != search.rule) {
    text = uir::print_program(continue_forked_chains(candidate));
    if (text == *current_text) return false;
    compiled = uir::compile("minimize.uir", text);
    if (rule_of(compiled) != search.rule) return false;
  }
  if (!search.fails(text)) return false;
  *current = std::move(compiled);
  *current_text = std::move(text);
  ++search.stats.reducer_steps;
  return true;
}

/// One pass over every edit; true when any was kept.
bool reduce_pass(Search& search, uir::Compiled* current, std::string* text) {
  bool changed = false;
  for (int f = static_cast<int>(current->program.funcs.size()) - 1; f >= 0; --f)
    if (!function_called(current->program, f))
      changed |= try_candidate(without_function(current->program, f), search, current, text);
  for (int k = static_cast<int>(current->program.stmts.size()) - 1; k >= 0; --k) {
    if (k >= static_cast<int>(current->program.stmts.size())) continue;
    changed |= try_candidate(without_cone(current->program, k), search, current, text);
  }
  for (int k = static_cast<int>(current->program.stmts.size()) - 1; k >= 0; --k) {
    if (k >= static_cast<int>(current->program.stmts.size())) continue;
    const Stmt& stmt = current->program.stmts[k];
    if (stmt.kind != uir::Kind::Value || stmt.op == uir::Op::Range) continue;
    Program candidate = current->program;
    if (replace_uses_by_literal(candidate, k)) changed |= try_candidate(candidate, search, current, text);
  }
  for (int k = static_cast<int>(current->program.stmts.size()) - 1; k >= 0; --k) {
    if (k >= static_cast<int>(current->program.stmts.size())) continue;
    if (std::optional<Program> candidate = forwarded_load(current->program, k))
      changed |= try_candidate(*candidate, search, current, text);
  }
  for (int k = static_cast<int>(current->program.stmts.size()) - 1; k >= 0; --k) {
    if (k >= static_cast<int>(current->program.stmts.size())) continue;
    const Stmt stmt = current->program.stmts[k];
    if (stmt.kind != uir::Kind::Value && stmt.kind != uir::Kind::Memory) continue;
    for (const Operand& op : stmt.operands) {
      if (op.kind != Operand::Kind::Ref || op.ref < 0) continue;
      const Stmt& operand = current->program.stmts[op.ref];
      if (operand.kind != stmt.kind || operand.dtype != stmt.dtype) continue;
      if (try_candidate(with_uses_replaced(current->program, k, op.ref), search, current, text)) {
        changed = true;
        break;
      }
    }
  }
  for (int k = static_cast<int>(current->program.stmts.size()) - 1; k >= 0; --k) {
    if (k >= static_cast<int>(current->program.stmts.size())) continue;
    const Stmt& stmt = current->program.stmts[k];
    if (stmt.op == uir::Op::After && stmt.operands[0].ref >= 0 && stmt.operands[1].ref >= 0) {
      int effect = stmt.operands[1].ref;
      changed |=
          try_candidate(without_cone(with_uses_replaced(current->program, k, stmt.operands[0].ref), effect),
                        search, current, text);
    } else if (stmt.op == uir::Op::End && stmt.operands.size() == 2 && stmt.operands[0].ref >= 0 &&
               stmt.operands[1].ref >= 0) {
      changed |= try_candidate(flattened_loop(current->program, k), search, current, text);
    }
  }
  for (int k = 0; k < static_cast<int>(current->program.stmts.size()); ++k) {
    const Stmt& stmt = current->program.stmts[k];
    if (stmt.op != uir::Op::Range || stmt.operands[0].kind != Operand::Kind::Literal) continue;
    if (stmt.operands[0].literal.as_i32() <= 1) continue;
    Program candidate = current->program;
    candidate.stmts[k].operands[0] = ProgramBuilder::literal_i32(1);
    changed |= try_candidate(candidate, search, current, text);
  }
  return changed;
}

/// The first statement using statement `stmt`, or the number of statements when none does.
int first_user(const Program& program, int stmt) {
  for (size_t k = stmt + 1; k < program.stmts.size(); ++k)
    for (const Operand& op : program.stmts[k].operands)
      if (op.kind == Operand::Kind::Ref && op.ref == stmt) return static_cast<int>(k);
  return static_cast<int>(program.stmts.size());
}

/// The costlier edit, tried only when the cheap ones are stuck: a statement's uses taken over by
/// another statement of the same kind and dtype defined before them (a value by an index or another value, a buffer by
/// another buffer, a view by another view), and the statement dropped. This is what joins two
/// buffers into one or feeds a store straight from a range, which no edit of a single statement's
/// own operands reaches. True when one was kept.
bool substitute_pass(Search& search, uir::Compiled* current, std::string* text) {
  bool changed = false;
  for (int k = static_cast<int>(current->program.stmts.size()) - 1; k >= 0; --k) {
    if (k >= static_cast<int>(current->program.stmts.size())) continue;
    const Stmt stmt = current->program.stmts[k];
    if (stmt.kind != uir::Kind::Value && stmt.kind != uir::Kind::Memory && stmt.kind != uir::Kind::View) continue;
    // `by` may come after `k` (a later version of another buffer), as long as it comes before k's
    // first use; compile() rejects the candidates that break a rule (a forked version, say).
    const int first_use = first_user(current->program, k);
    for (int by = 0; by < first_use && !search.exhausted(); ++by) {
      const Stmt& other = current->program.stmts[by];
      if (by == k || other.kind != stmt.kind || other.dtype != stmt.dtype) continue;
      if (try_candidate(without_cone(with_uses_replaced(current->program, k, by), k), search, current, text)) {
        changed = true;
        break;
      }
    }
  }
  return changed;
}

/// Two memories of one dtype made one chain of versions (chained_memories), in either order: what
/// joins a buffer that only receives a result into the memory the rest of the program works on.
bool chain_pass(Search& search, uir::Compiled* current, std::string* text) {
  auto is_root = [&](int k) {
    if (k >= static_cast<int>(current->program.stmts.size())) return false;
    const Stmt& stmt = current->program.stmts[k];
    return stmt.op == uir::Op::Buffer || stmt.op == uir::Op::Alloc;
  };
  bool changed = false;
  for (int first = static_cast<int>(current->program.stmts.size()) - 1; first >= 0; --first)
    for (int second = static_cast<int>(current->program.stmts.size()) - 1; second >= 0; --second) {
      if (first == second || !is_root(first) || !is_root(second) ||
          current->program.stmts[first].dtype != current->program.stmts[second].dtype)
        continue;
      if (std::optional<Program> candidate = chained_memories(current->program, first, second))
        changed |= try_candidate(*candidate, search, current, text);
    }
  return changed;
}

/// Each i32 literal operand lowered towards 0, one literal per candidate. A smaller offset or
/// divisor is what lets two views meet or a `mod`/`max` pair bounding an offset go; a range bound
/// of 0 (after the range edit's 1) keeps only a failure that a loop running zero times shows (a
/// sibling opened inside it, say).
bool literal_pass(Search& search, uir::Compiled* current, std::string* text) {
  bool changed = false;
  for (int k = static_cast<int>(current->program.stmts.size()) - 1; k >= 0; --k) {
    if (k >= static_cast<int>(current->program.stmts.size())) continue;
    for (size_t o = 0; o < current->program.stmts[k].operands.size(); ++o) {
      const Operand& op = current->program.stmts[k].operands[o];
      if (op.kind != Operand::Kind::Literal || op.literal.dtype != uir::DType::I32) continue;
      for (int32_t lower : lower_literals(op.literal.as_i32())) {
        Program candidate = current->program;
        candidate.stmts[k].operands[o] = ProgramBuilder::literal_i32(lower);
        if (try_candidate(candidate, search, current, text)) {
          changed = true;
          break;
        }
      }
    }
  }
  return changed;
}

/// The simplifications that make no statement go by themselves but open the way for edits that
/// do: the program in one dtype (a cast between two buffers then goes, and the two can merge),
/// two memories in one chain, smaller literals. True when one was kept.
bool simplify_pass(Search& search, uir::Compiled* current, std::string* text) {
  bool changed = try_candidate(all_i32(current->program), search, current, text);
  changed |= chain_pass(search, current, text);
  changed |= literal_pass(search, current, text);
  return changed;
}

}  // namespace

std::string minimize_program(const std::string& text,
                           const std::function<bool(const std::string&)>& still_fails,
                           const MinimizeLimits& limits, MinimizeStats* stats) {
  MinimizeStats local;
  uir::Compiled current = uir::compile("minimize.uir", text);
  Search search{still_fails, limits, stats ? *stats : local, rule_of(current)};
  std::string best = text;
  if (!search.rule) {  // a generated program (the tree rebuilds valid programs only)
    best = walk_shrink_tree(text, search);
    current = uir::compile("minimize.uir", best);
  }
  // Statement edits need the whole program: a malformed line (E-SYNTAX) leaves only a part parsed.
  if (search.rule != uir::Rule::Syntax)
    while (!search.exhausted()) {
      while (!search.exhausted() && reduce_pass(search, &current, &best)) {
      }
      if (!simplify_pass(search, &current, &best) && !substitute_pass(search, &current, &best)) break;
    }
  search.stats.seconds = search.elapsed();
  return best;
}

int count_statements(const std::string& text) {
  return statement_count(uir::parse("count.uir", text).program);
}

}  // namespace uirgen
