// Probes that break two rules, so that spec §8's order decides which one is reported:
//   * in one statement: the rules in §8's order within a statement (E-TYPE before E-OPEN-RANGE,
//     E-AFTER-NO-STORE before E-VERSION-FORK, E-END-TWICE before E-END-UNUSED, ...);
//   * in two statements: the first failing statement in file order wins even when its rule comes
//     later in the table; every statement-local rule wins over a whole-program rule broken
//     earlier in the file; E-DEAD-EFFECT wins over E-LOAD-ORDER.
// The label is the rule and line §8 picks; `also` names the other rule broken.
#include <string>

#include "generators/probes_context.h"

namespace uirgen {
namespace {

using uir::Rule;

std::string num(int v) { return std::to_string(v); }

std::string top_store(ProbeContext& p, const std::string& memory, int at, const std::string& value) {
  return p.def("s", "store " + p.def("v", "shrink " + memory + " " + num(at) + " shape=[]") + " " + value);
}

bool bool_memory_sized_by_range(ProbeContext& p) {
  std::string r = p.def("r", "range " + num(p.c.pick(1, 5)));
  p.def("a", "alloc " + r + " dtype=bool");
  p.label_last();
  return true;
}
bool overflowing_literal_of_wrong_type(ProbeContext& p) {
  std::string x = p.def("x", "const 2.5");
  p.def("x", p.c.chance(50) ? "add " + x + " 2147483648" : "mul -2147483649 " + x);
  p.label_last();
  return true;
}
bool redefined_with_wrong_type(ProbeContext& p) {
  std::string x = p.def("x", "const 4");
  p.raw(x + " = add 1 2.5");
  p.label_last();
  return true;
}
bool undefined_operand_of_wrong_type(ProbeContext& p) {
  p.def("x", "add %q_nowhere 2.5");
  p.label_last();
  return true;
}
bool view_of_a_value_out_of_bounds(ProbeContext& p) {
  std::string x = p.def("x", "const 3");
  p.def("v", "shrink " + x + " " + num(p.c.pick(5, 9)) + " shape=[]");
  p.label_last();
  return true;
}
bool second_store_of_wrong_type(ProbeContext& p) {
  std::string m = p.fresh_memory(2);
  std::string view = p.def("v", "shrink " + m + " 0 shape=[]");
  std::string s = p.def("s", "store " + view + " 1");
  p.def("s", "store " + view + " 1.5");
  p.label_last();
  p.def("m", "after " + m + " " + s);
  return true;
}
bool second_end_of_unused_range(ProbeContext& p) {
  int n = p.c.pick(2, 5);
  std::string m = p.fresh_memory(n), other = p.fresh_memory(1, "i32", false);
  std::string outside = top_store(p, other, 0, "1");
  std::string r = p.def("r", "range " + num(n));
  std::string s = p.def("s", "store " + p.def("v", "shrink " + m + " " + r + " shape=[]") + " " + r);
  std::string e = p.def("e", "end " + s + " " + r);
  p.def("e", "end " + outside + " " + r);
  p.label_last();
  p.def("m", "after " + m + " " + e);
  return true;
}
/// `after m e` on a version that already has an after, with e storing into another buffer.
bool fork_whose_effect_stores_elsewhere(ProbeContext& p) {
  std::string m = p.fresh_memory(2), other = p.fresh_memory(1, "i32", false);
  p.def("m", "after " + m + " " + top_store(p, m, 0, "1"));
  p.def("m", "after " + m + " " + top_store(p, other, 0, "2"));
  p.label_last();
  return true;
}
/// The loop stores into m1 (built on m outside the loop), and the after names m: E-AFTER-NO-STORE
/// (m1 is not built by afters that have the range open), and m already has m1: a fork too.
bool after_of_version_built_outside_loop(ProbeContext& p) {
  int n = p.c.pick(2, 5);
  std::string m = p.fresh_memory(n);
  std::string m1 = p.def("m", "after " + m + " " + top_store(p, m, 0, "1"));
  std::string r = p.def("r", "range " + num(n));
  std::string s = p.def("s", "store " + p.def("v", "shrink " + m1 + " " + r + " shape=[]") + " " + r);
  p.def("m", "after " + m + " " + p.def("e", "end " + s + " " + r));
  p.label_last();
  return true;
}
/// Line L breaks a rule late in the table (E-VERSION-FORK, E-DIV-ZERO), line L+1 one early in it
/// (E-REDEFINED, E-BOUNDS): the first statement in file order is reported.
bool late_rule_first_in_file(ProbeContext& p) {
  std::string m = p.fresh_memory(2);
  std::string r = p.def("r", "range 3");
  std::string first = p.c.chance(50) ? "idiv 7 " + r : "mod 7 " + r;
  std::string q = p.def("q", first);
  p.label_last();
  if (p.c.chance(50))
    p.raw(q + " = const 1");
  else
    p.def("v", "shrink " + m + " " + r + " shape=[]");
  return true;
}
/// A store no after publishes, early in the file, and a statement-local error after it.
bool dead_effect_then_local_rule(ProbeContext& p) {
  std::string m = p.fresh_memory(2);
  top_store(p, m, 0, "1");
  std::string r = p.def("r", "range 4");
  p.def("v", "shrink " + m + " " + r + " shape=[]");  // [0, 3] in 2 elements
  p.label_last();
  return true;
}
/// Sibling loops that need both orders, then a store nothing publishes: E-DEAD-EFFECT comes before
/// E-LOAD-ORDER in §8's whole-program order though the dead store is later in the file.
bool load_order_then_dead_effect(ProbeContext& p) {
  int n = p.c.pick(2, 4);
  std::string x = p.fresh_memory(n), y = p.fresh_memory(n), z = p.fresh_memory(1, "i32", false);
  auto copy = [&](const std::string& from, const std::string& to) {
    std::string r = p.def("r", "range " + num(n));
    std::string l = p.def("l", "load " + p.def("v", "shrink " + from + " " + r + " shape=[]"));
    std::string s = p.def("s", "store " + p.def("v", "shrink " + to + " " + r + " shape=[]") + " " + l);
    return p.def("e", "end " + s + " " + r);
  };
  std::string ea = copy(x, y), eb = copy(y, x);
  p.def("m", "after " + y + " " + ea);
  p.def("m", "after " + x + " " + eb);
  top_store(p, z, 0, "5");
  p.label_last();
  return true;
}

}  // namespace

std::vector<ProbeEntry> two_rule_probes() {
  auto two = [](const char* clause, Rule reported, Rule also, int week = 2) {
    return ProbeInfo{clause, week, reported, also, 1};
  };
  return {
      {two("E-TYPE+E-OPEN-RANGE/bool-memory-sized-by-range", Rule::Type, Rule::OpenRange, 3), bool_memory_sized_by_range},
      {two("E-LITERAL+E-TYPE/overflowing-literal-beside-f32", Rule::Literal, Rule::Type, 1), overflowing_literal_of_wrong_type},
      {two("E-REDEFINED+E-TYPE/redefinition-mixing-dtypes", Rule::Redefined, Rule::Type, 1), redefined_with_wrong_type},
      {two("E-UNDEFINED+E-TYPE/undefined-beside-f32", Rule::Undefined, Rule::Type, 1), undefined_operand_of_wrong_type},
      {two("E-TYPE+E-BOUNDS/view-of-a-value-past-its-end", Rule::Type, Rule::Bounds), view_of_a_value_out_of_bounds},
      {two("E-TYPE+E-STORE-TWICE/second-store-of-wrong-dtype", Rule::Type, Rule::StoreTwice), second_store_of_wrong_type},
      {two("E-END-TWICE+E-END-UNUSED/second-end-of-effect-outside", Rule::EndTwice, Rule::EndUnused, 3), second_end_of_unused_range},
      {two("E-AFTER-NO-STORE+E-VERSION-FORK/effect-stores-elsewhere", Rule::AfterNoStore, Rule::VersionFork), fork_whose_effect_stores_elsewhere},
      {two("E-AFTER-NO-STORE+E-VERSION-FORK/version-built-outside-loop", Rule::AfterNoStore, Rule::VersionFork, 3), after_of_version_built_outside_loop},
      {two("E-DIV-ZERO+E-REDEFINED/first-statement-in-file-wins", Rule::DivZero, Rule::Redefined, 3), late_rule_first_in_file},
      {two("E-BOUNDS+E-DEAD-EFFECT/statement-rule-before-whole-program", Rule::Bounds, Rule::DeadEffect, 3), dead_effect_then_local_rule},
      {two("E-DEAD-EFFECT+E-LOAD-ORDER/dead-effect-first", Rule::DeadEffect, Rule::LoadOrder, 3), load_order_then_dead_effect},
  };
}

}  // namespace uirgen
