// Probes of the memory and loop rules (spec §4.1, §5.1, §5.3): each way the rule's sentence can
// be broken (a second store into the same version at the top, in a loop, into an older version; an
// after whose effect stores into another version of the SAME buffer; a fork inside one loop; an end
// with one effect of several outside its range; an effect made visible only inside its loop; a
// load order that contradicts the order of sibling loops, or needs a loop both before and after a
// store), and the near-miss valid programs next to them (the chain of versions inside a loop that
// is neither a second store nor a fork; sibling loops ordered only by a load->store edge; an
// accumulator load with a dead use outside its loop, which must still move).
#include <bit>
#include <string>

#include "generators/probes_context.h"
#include "testcase/input_text.h"

namespace uirgen {
namespace {

using uir::Rule;

std::string num(int v) { return std::to_string(v); }

/// A loop `range n` over a fresh memory of n elements: its range and its one-element view at r.
struct Loop {
  std::string range, view;
};
Loop loop_over(ProbeContext& p, const std::string& memory, int n) {
  Loop l;
  l.range = p.def("r", "range " + num(n));
  l.view = p.def("v", "shrink " + memory + " " + l.range + " shape=[]");
  return l;
}

std::string top_store(ProbeContext& p, const std::string& memory, int at, const std::string& value) {
  return p.def("s", "store " + p.def("v", "shrink " + memory + " " + num(at) + " shape=[]") + " " + value);
}

int length(ProbeContext& p) { return p.c.pick(2, 6); }

// --- E-STORE-TWICE ---
bool second_store_top(ProbeContext& p) {
  int n = length(p);
  std::string m = p.fresh_memory(n);
  std::string s = top_store(p, m, p.c.pick(0, n - 1), "3");
  top_store(p, m, p.c.pick(0, n - 1), "4");
  p.label_last();
  p.def("m", "after " + m + " " + s);
  return true;
}
bool store_into_older_version(ProbeContext& p) {
  int n = length(p);
  std::string m = p.fresh_memory(n);
  std::string m1 = p.def("m", "after " + m + " " + top_store(p, m, 0, "3"));
  std::string s = top_store(p, m, n - 1, "4");  // the older version already has its store
  p.label_last();
  p.def("m", "after " + m1 + " " + s);
  return true;
}
bool second_store_in_loop(ProbeContext& p) {
  int n = length(p);
  std::string m = p.fresh_memory(n);
  Loop l = loop_over(p, m, n);
  std::string s1 = p.def("s", "store " + l.view + " " + l.range);
  std::string s2 = p.def("s", "store " + l.view + " 0");
  p.label_last();
  p.def("m", "after " + m + " " + p.def("e", "end " + s1 + " " + s2 + " " + l.range));
  return true;
}
bool loop_store_after_top_store(ProbeContext& p) {
  int n = length(p);
  std::string m = p.fresh_memory(n);
  std::string s0 = top_store(p, m, 0, "9");
  Loop l = loop_over(p, m, n);
  std::string s = p.def("s", "store " + l.view + " " + l.range);
  p.label_last();
  p.def("m", "after " + m + " " + p.def("e", "end " + s + " " + s0 + " " + l.range));
  return true;
}
/// Valid: a reset store, an after inside the loop, a second store into that version (spec §4.1's
/// "not a fork"; §5.2's chain of versions inside a loop).
bool chain_inside_loop(ProbeContext& p) {
  int n = length(p);
  std::string m = p.fresh_memory(n);
  Loop l = loop_over(p, m, n);
  std::string s1 = p.def("s", "store " + l.view + " 0");
  std::string inner = p.def("m", "after " + m + " " + s1);
  std::string v2 = p.def("v", "shrink " + inner + " " + l.range + " shape=[]");
  std::string s2 = p.def("s", "store " + v2 + " " + p.def("x", "mul " + l.range + " -3"));
  p.def("m", "after " + m + " " + p.def("e", "end " + s2 + " " + l.range));
  return true;
}

// --- E-AFTER-NO-STORE ---
bool after_of_other_buffer(ProbeContext& p) {
  std::string m = p.fresh_memory(length(p));
  std::string other = p.fresh_memory(1, "i32", false);
  std::string s = top_store(p, other, 0, "5");
  p.def("m", "after " + m + " " + s);
  p.label_last();
  return true;
}
/// The effect stores into an older version of the same buffer (at the top, or through an end).
bool after_of_older_version(ProbeContext& p, bool in_loop) {
  int n = length(p);
  std::string m = p.fresh_memory(n);
  std::string effect;
  if (in_loop) {
    Loop l = loop_over(p, m, n);
    effect = p.def("e", "end " + p.def("s", "store " + l.view + " " + l.range) + " " + l.range);
  } else {
    effect = top_store(p, m, p.c.pick(0, n - 1), "6");
  }
  std::string m1 = p.def("m", "after " + m + " " + effect);
  p.def("m", "after " + m1 + " " + effect);
  p.label_last();
  return true;
}
bool after_of_older_version_top(ProbeContext& p) { return after_of_older_version(p, false); }
bool after_of_older_version_loop(ProbeContext& p) { return after_of_older_version(p, true); }
/// Valid: the store sits two loops deep ("stores in loops nested inside count").
bool store_in_nested_loop(ProbeContext& p) {
  int rows = p.c.pick(1, 3), cols = p.c.pick(1, 3);
  std::string m = p.fresh_memory(rows * cols);
  std::string i = p.def("r", "range " + num(rows)), j = p.def("r", "range " + num(cols));
  std::string at = p.def("x", "add " + p.def("x", "mul " + i + " " + num(cols)) + " " + j);
  std::string s = p.def("s", "store " + p.def("v", "shrink " + m + " " + at + " shape=[]") + " " + at);
  std::string inner = p.def("e", "end " + s + " " + j);
  p.def("m", "after " + m + " " + p.def("e", "end " + inner + " " + i));
  return true;
}

// --- E-VERSION-FORK ---
bool fork_top(ProbeContext& p) {
  std::string m = p.fresh_memory(length(p));
  std::string s = top_store(p, m, 0, "2");
  p.def("m", "after " + m + " " + s);
  p.def("m", "after " + m + " " + s);
  p.label_last();
  return true;
}
bool fork_inside_loop(ProbeContext& p) {
  int n = length(p);
  std::string m = p.fresh_memory(n);
  Loop l = loop_over(p, m, n);
  std::string s = p.def("s", "store " + l.view + " " + l.range);
  p.def("m", "after " + m + " " + s);
  p.def("m", "after " + m + " " + s);
  p.label_last();
  p.def("m", "after " + m + " " + p.def("e", "end " + s + " " + l.range));
  return true;
}

// --- E-END-TWICE, E-END-UNUSED ---
bool end_twice(ProbeContext& p) {
  int n = length(p);
  std::string m = p.fresh_memory(n);
  Loop l = loop_over(p, m, n);
  std::string s = p.def("s", "store " + l.view + " 1");
  std::string e = p.def("e", "end " + s + " " + l.range);
  p.def("e", "end " + s + " " + l.range);
  p.label_last();
  p.def("m", "after " + m + " " + e);
  return true;
}
bool end_of_one_effect_outside(ProbeContext& p) {
  int n = length(p);
  std::string m = p.fresh_memory(n), other = p.fresh_memory(1, "i32", false);
  std::string outside = top_store(p, other, 0, "8");
  Loop l = loop_over(p, m, n);
  std::string s = p.def("s", "store " + l.view + " " + l.range);
  std::string e = p.c.chance(50) ? p.def("e", "end " + s + " " + outside + " " + l.range)
                                 : p.def("e", "end " + outside + " " + s + " " + l.range);
  p.label_last();
  p.def("m", "after " + m + " " + e);
  return true;
}
bool end_of_closed_loop(ProbeContext& p) {
  int n = length(p);
  std::string m = p.fresh_memory(n);
  Loop l = loop_over(p, m, n);
  std::string e = p.def("e", "end " + p.def("s", "store " + l.view + " 4") + " " + l.range);
  std::string other = p.def("r", "range " + num(p.c.pick(1, 3)));
  p.def("e", "end " + e + " " + other);
  p.label_last();
  return true;
}
/// Valid: one end closing two effects, both with the range open, one of them a nested end.
bool end_of_two_effects(ProbeContext& p) {
  int n = length(p);
  std::string m = p.fresh_memory(n), acc = p.fresh_memory(n, "i32", false);
  Loop l = loop_over(p, m, n);
  std::string s1 = p.def("s", "store " + l.view + " " + l.range);
  std::string s2 = p.def("s", "store " + p.def("v", "shrink " + acc + " " + l.range + " shape=[]") + " 1");
  std::string e = p.def("e", "end " + s1 + " " + s2 + " " + l.range);
  p.def("m", "after " + acc + " " + e);
  p.def("m", "after " + m + " " + e);
  return true;
}

// --- E-DEAD-EFFECT ---
bool store_never_published(ProbeContext& p) {
  top_store(p, p.fresh_memory(length(p)), 0, "1");
  p.label_last();
  return true;
}
bool loop_end_never_published(ProbeContext& p) {
  int n = length(p);
  std::string m = p.fresh_memory(n);
  Loop l = loop_over(p, m, n);
  std::string s = p.def("s", "store " + l.view + " 2");
  p.label_last();  // the first dead effect in file order is the store the end runs
  p.def("e", "end " + s + " " + l.range);
  return true;
}
bool published_only_inside_loop(ProbeContext& p) {
  int n = length(p);
  std::string m = p.fresh_memory(n);
  Loop l = loop_over(p, m, n);
  std::string s = p.def("s", "store " + l.view + " " + l.range);
  p.label_last();
  p.def("m", "after " + m + " " + s);  // open ranges {r}: not an output version, and no end closes r
  return true;
}

// --- E-LOAD-ORDER, and the valid orders next to it ---
/// Loop A copies x into y, loop B copies y into x: each load must run before the other loop's
/// store, so the siblings would have to run in both orders.
bool sibling_cycle(ProbeContext& p) {
  int n = length(p);
  std::string x = p.fresh_memory(n), y = p.fresh_memory(n);
  Loop a = loop_over(p, x, n);
  std::string la = p.def("l", "load " + a.view);
  std::string sa = p.def("s", "store " + p.def("v", "shrink " + y + " " + a.range + " shape=[]") + " " + la);
  std::string ea = p.def("e", "end " + sa + " " + a.range);
  Loop b = loop_over(p, y, n);
  std::string lb = p.def("l", "load " + b.view);
  p.label_last();
  std::string sb = p.def("s", "store " + p.def("v", "shrink " + x + " " + b.range + " shape=[]") + " " + lb);
  std::string eb = p.def("e", "end " + sb + " " + b.range);
  p.def("m", "after " + y + " " + ea);
  p.def("m", "after " + x + " " + eb);
  return true;
}
/// A loop loads version v and also reads what the store into v made: it would have to run both
/// before and after that store.
bool loop_before_and_after_store(ProbeContext& p) {
  int n = length(p);
  std::string x = p.fresh_memory(n), y = p.fresh_memory(n);
  std::string x1 = p.def("m", "after " + x + " " + top_store(p, x, 0, "7"));
  Loop l = loop_over(p, x, n);
  std::string old_value = p.def("l", "load " + l.view);
  p.label_last();
  std::string new_value = p.def("l", "load " + p.def("v", "shrink " + x1 + " " + l.range + " shape=[]"));
  std::string sum = p.def("x", "add " + old_value + " " + new_value);
  std::string s = p.def("s", "store " + p.def("v", "shrink " + y + " " + l.range + " shape=[]") + " " + sum);
  p.def("m", "after " + y + " " + p.def("e", "end " + s + " " + l.range));
  return true;
}
/// Valid: loop A (its range declared first) overwrites x, sibling loop B reads the old x. Only the
/// load->store edge orders them: B must be opened first (spec §5.3).
bool siblings_ordered_by_load_store_edge(ProbeContext& p) {
  int n = length(p);
  std::string x = p.fresh_memory(n);
  std::string y = p.fresh_memory(n);
  std::string ra = p.def("r", "range " + num(n)), rb = p.def("r", "range " + num(n));
  std::string va = p.def("v", "shrink " + x + " " + ra + " shape=[]");
  std::string sa = p.def("s", "store " + va + " " + p.def("x", "mul " + ra + " " + num(p.c.pick(2, 5))));
  std::string ea = p.def("e", "end " + sa + " " + ra);
  p.def("m", "after " + x + " " + ea);
  std::string lb = p.def("l", "load " + p.def("v", "shrink " + x + " " + rb + " shape=[]"));
  std::string sb = p.def("s", "store " + p.def("v", "shrink " + y + " " + rb + " shape=[]") + " " + lb);
  p.def("m", "after " + y + " " + p.def("e", "end " + sb + " " + rb));
  return true;
}
/// Valid: a store outside loops written before a loop that reads the version it overwrites: the
/// edge from the loop's load, through its end, puts the whole loop first.
bool loop_before_top_store(ProbeContext& p) {
  int n = length(p);
  std::string x = p.fresh_memory(n), y = p.fresh_memory(n);
  std::string s = top_store(p, x, p.c.pick(0, n - 1), "-5");
  p.def("m", "after " + x + " " + s);
  Loop l = loop_over(p, x, n);
  std::string v = p.def("l", "load " + l.view);
  std::string st = p.def("s", "store " + p.def("v", "shrink " + y + " " + l.range + " shape=[]") + " " + v);
  p.def("m", "after " + y + " " + p.def("e", "end " + st + " " + l.range));
  return true;
}
/// Valid: an accumulator whose load has a dead use that does not depend on the loop. Only live
/// uses count (spec §5.3): the load still moves into the loop and accumulates.
bool dead_use_of_moving_load(ProbeContext& p) {
  int n = length(p);
  std::string acc = p.fresh_memory(1);
  std::string r = p.def("r", "range " + num(n));
  std::string view = p.def("v", "shrink " + acc + " 0 shape=[]");
  std::string old = p.def("l", "load " + view);
  p.def("x", "mul " + old + " " + num(p.c.pick(2, 9)));  // dead, and outside the loop if it were placed
  if (p.c.chance(50)) p.def("x", "cmplt " + old + " 3");  // a second dead use, of another dtype
  std::string sum = p.def("x", "add " + old + " " + p.def("x", "add " + r + " 1"));
  std::string s = p.def("s", "store " + view + " " + sum);
  p.def("m", "after " + acc + " " + p.def("e", "end " + s + " " + r));
  return true;
}

/// Valid: one f32 value spelt twice, once just past the rounding boundary (spec §1: strtof rounds
/// once; strtod then a cast ties to the even neighbour); the two must compare equal.
bool boundary_literal_equals_shortest(ProbeContext& p) {
  uint32_t bits = static_cast<uint32_t>(p.c.pick(0, 0x3fffff)) << 1 | 1u | static_cast<uint32_t>(p.c.pick(117, 137)) << 23;
  float value = std::bit_cast<float>(bits);
  std::string boundary = uirgrade::spell_f32(value, uirgrade::F32Spelling::RoundingBoundary);
  std::string shortest = uirgrade::spell_f32(value, uirgrade::F32Spelling::Exponent);
  std::string a = p.def("f", "const " + boundary), b = p.def("f", "const " + shortest);
  std::string same = p.def("c", "cmpeq " + a + " " + b);
  p.raw("assert " + same);
  if (p.week >= 2) {
    std::string m = p.fresh_memory(1);
    p.def("m", "after " + m + " " + p.def("s", "store " + p.def("v", "shrink " + m + " 0 shape=[]") + " " +
                                                   p.def("x", "cast " + same + " dtype=i32")));
  }
  return true;
}

}  // namespace

std::vector<ProbeEntry> version_probes() {
  auto valid = [](const char* clause, int weight = 1) { return ProbeInfo{clause, 3, std::nullopt, std::nullopt, weight}; };
  auto rule = [](const char* clause, Rule r, int week = 3) { return ProbeInfo{clause, week, r, std::nullopt, 1}; };
  return {
      {rule("E-STORE-TWICE/same-version-outside-loops", Rule::StoreTwice, 2), second_store_top},
      {rule("E-STORE-TWICE/older-version", Rule::StoreTwice, 2), store_into_older_version},
      {rule("E-STORE-TWICE/same-version-in-one-loop", Rule::StoreTwice), second_store_in_loop},
      {rule("E-STORE-TWICE/loop-store-after-top-store", Rule::StoreTwice), loop_store_after_top_store},
      {valid("valid/E-STORE-TWICE/second-store-through-after-in-loop"), chain_inside_loop},
      {rule("E-AFTER-NO-STORE/store-into-other-buffer", Rule::AfterNoStore, 2), after_of_other_buffer},
      {rule("E-AFTER-NO-STORE/store-into-older-version-same-buffer", Rule::AfterNoStore, 2), after_of_older_version_top},
      {rule("E-AFTER-NO-STORE/end-storing-into-older-version-same-buffer", Rule::AfterNoStore), after_of_older_version_loop},
      {valid("valid/E-AFTER-NO-STORE/store-in-nested-loop"), store_in_nested_loop},
      {rule("E-VERSION-FORK/two-afters-outside-loops", Rule::VersionFork, 2), fork_top},
      {rule("E-VERSION-FORK/two-afters-in-one-loop", Rule::VersionFork), fork_inside_loop},
      {valid("valid/E-VERSION-FORK/after-inside-and-outside-loop"), chain_inside_loop},
      {rule("E-END-TWICE/same-effect-closed-again", Rule::EndTwice), end_twice},
      {rule("E-END-UNUSED/one-effect-of-several-outside", Rule::EndUnused), end_of_one_effect_outside},
      {rule("E-END-UNUSED/effect-of-closed-loop", Rule::EndUnused), end_of_closed_loop},
      {valid("valid/E-END-UNUSED/end-of-two-effects"), end_of_two_effects},
      {rule("E-DEAD-EFFECT/store-never-published", Rule::DeadEffect, 2), store_never_published},
      {rule("E-DEAD-EFFECT/end-never-published", Rule::DeadEffect), loop_end_never_published},
      {rule("E-DEAD-EFFECT/published-only-inside-loop", Rule::DeadEffect), published_only_inside_loop},
      {rule("E-LOAD-ORDER/sibling-loops-both-ways", Rule::LoadOrder), sibling_cycle},
      {rule("E-LOAD-ORDER/loop-before-and-after-store", Rule::LoadOrder), loop_before_and_after_store},
      {valid("valid/E-LOAD-ORDER/siblings-ordered-by-load-store-edge", 3), siblings_ordered_by_load_store_edge},
      {valid("valid/E-LOAD-ORDER/loop-before-top-store", 2), loop_before_top_store},
      {valid("valid/placement/dead-use-of-moving-load", 3), dead_use_of_moving_load},
      {ProbeInfo{"valid/spelling/boundary-literal-equals-its-shortest", 1, std::nullopt, std::nullopt, 1},
       boundary_literal_equals_shortest},
  };
}

}  // namespace uirgen
