// The run-time switches of the oracle's mutant schemata (oracle_mutation/make_schemata.py): each
// mutation site of the mutated copies calls one of these with its first mutant's id, and computes
// what the original code does unless `g_active` names one of its mutants. Force-included into the
// copies only (-include), so the oracle itself never sees this file.
#pragma once
#pragma GCC system_header  // the templates compare and add whatever the sites do: no warnings here

namespace uir_schemata {

/// The mutant switched on: 0 for none (the copies are then exactly the oracle).
extern int g_active;

inline bool on(int id) { return g_active == id; }

// ror / eq: one mutant each
template <class A, class B> bool lt(int k, const A& a, const B& b) { return on(k) ? a <= b : a < b; }
template <class A, class B> bool le(int k, const A& a, const B& b) { return on(k) ? a < b : a <= b; }
template <class A, class B> bool gt(int k, const A& a, const B& b) { return on(k) ? a >= b : a > b; }
template <class A, class B> bool ge(int k, const A& a, const B& b) { return on(k) ? a > b : a >= b; }
template <class A, class B> bool eq(int k, const A& a, const B& b) { return on(k) ? a != b : a == b; }
template <class A, class B> bool ne(int k, const A& a, const B& b) { return on(k) ? a == b : a != b; }

// aor: one mutant each; the result keeps the original's type
template <class A, class B> auto add(int k, const A& a, const B& b) -> decltype(a + b) {
  if (on(k)) return a - b;
  return a + b;
}
template <class A, class B> auto sub(int k, const A& a, const B& b) -> decltype(a - b) {
  if (on(k)) return a + b;
  return a - b;
}
template <class A, class B> auto mul(int k, const A& a, const B& b) -> decltype(a * b) {
  if (on(k)) return a / b;
  return a * b;
}
template <class A, class B> auto div(int k, const A& a, const B& b) -> decltype(a / b) {
  if (on(k)) return a * b;
  return a / b;
}
template <class A, class B> auto rem(int k, const A& a, const B& b) -> decltype(a % b) {
  if (on(k)) return a * b;
  return a % b;
}

// && and ||, operands as lambdas so that they are evaluated (or not) as in the original.
// k: the other operator (lcr); k + 1: drop-lhs, only the right operand; k + 2: drop-rhs, only the
// left one (the order make_schemata.py numbers them in, so that a mutant does what the manifest says).
template <class L, class R> bool land(int k, L lhs, R rhs) {
  if (on(k)) return lhs() || rhs();
  if (on(k + 1)) return rhs();
  if (on(k + 2)) return lhs();
  return lhs() && rhs();
}
template <class L, class R> bool lor(int k, L lhs, R rhs) {
  if (on(k)) return lhs() && rhs();
  if (on(k + 1)) return rhs();
  if (on(k + 2)) return lhs();
  return lhs() || rhs();
}

/// not-drop, loop-negate, ternary-negate: the value negated.
inline bool flip(int k, bool value) { return on(k) ? !value : value; }

/// An if's condition: k negated, k + 1 always true, k + 2 always false.
inline bool cond3(int k, bool value) {
  if (on(k)) return !value;
  if (on(k + 1)) return true;
  if (on(k + 2)) return false;
  return value;
}

/// An integer literal: k one more, k + 1 one less.
template <class T> T num(int k, T value) {
  if (on(k)) return static_cast<T>(value + 1);
  if (on(k + 1)) return static_cast<T>(value - 1);
  return value;
}

}  // namespace uir_schemata
