// Probes of the interval rules (spec §4.2 E-BOUNDS, §3 E-DIV-ZERO, computed by §4.3): a value is
// built through one op whose interval needs care, the oracle's interval of it is read back, and a
// constant shift and the memory's size put the view (or the divisor) exactly on the edge: inside
// (a near-miss valid program, whose result is stored into an output) or one past it, below or above.
// A view of a view is sized so that it leaves its window but not its buffer: a validator that
// checks against the buffer instead of the window accepts it.
#include <cstdint>
#include <string>

#include "generators/probes_context.h"

namespace uirgen {
namespace {

std::string num(int64_t v) { return std::to_string(v); }

/// The op the value reaches its interval through (spec §4.3, one rule each).
enum class Through {
  Add,          // add with a shift of either sign
  MulNegative,  // a product with a negative literal: the corners swap
  MulMixed,     // a product of intervals that straddle 0: the extremes come from mixed corners
  Max,          // max with a literal inside or outside the other interval
  Idiv,         // truncating quotient of an interval that straddles 0 (or lies above it), by a literal of either sign
  IdivByRange,  // a literal divided by an interval of divisors
  Mod,          // mod of an interval on any side of 0, by a literal of either sign
  Where,        // the hull of two arms
  Cast,         // cast of a bool ([0, 1]) or of an i32 (its operand's interval)
  RangeBound,   // a range's own interval from its bound (zero, negative, or a constant expression)
  Call,         // a call with constant arguments is a constant expression
  ConstExpr,    // a constant expression through several ops
  Load,         // data, clamped by mod and max
  kCount
};

const char* through_name(Through t) {
  static const char* names[] = {"add",   "mul-negative", "mul-mixed", "max",  "idiv", "idiv-by-range", "mod",
                                "where", "cast",         "range-bound", "call", "const-expr", "load-clamped"};
  return names[static_cast<int>(t)];
}

/// A range `range R`, R in 2..6, appended; its name is added to `ranges`.
std::string new_range(ProbeContext& p, std::vector<std::string>* ranges) {
  std::string r = p.def("r", "range " + num(p.c.pick(2, 6)));
  ranges->push_back(r);
  return r;
}

/// `op a b` with the operands in either order (both orders must give the same interval).
std::string binary(ProbeContext& p, const std::string& op, const std::string& a, const std::string& b) {
  return p.c.chance(50) ? p.def("x", op + " " + a + " " + b) : p.def("x", op + " " + b + " " + a);
}

/// A range whose bound is 0, negative, or a constant expression.
std::string range_of_odd_bound(ProbeContext& p, std::vector<std::string>* ranges) {
  std::string bound;
  switch (p.c.pick(0, 3)) {
    case 0: bound = "0"; break;
    case 1: bound = num(-p.c.pick(1, 5)); break;
    case 2: bound = p.def("k", "mul " + num(p.c.pick(1, 3)) + " " + num(p.c.pick(-2, 2))); break;
    default: bound = p.def("k", "add 3 " + num(p.c.pick(-2, 2))); break;
  }
  std::string r = p.def("r", "range " + bound);
  ranges->push_back(r);
  return r;
}

/// A range added to the result of a call to a new function of constants.
std::string through_call(ProbeContext& p, std::vector<std::string>* ranges) {
  std::string f = "@q_f" + std::to_string(p.lines().size());
  int factor = -p.c.pick(1, 3);
  p.raw("func " + f + "(%a: i32, %b: i32) -> i32 {");
  p.raw("  %m = mul %a " + num(factor));
  p.raw("  %s = add %m %b");
  p.raw("  ret %s");
  p.raw("}");
  std::string call = p.def("k", "call " + f + " " + num(p.c.pick(0, 4)) + " " + num(p.c.pick(-3, 3)));
  return binary(p, "add", call, new_range(p, ranges));
}

/// A value built through `t`; the ranges it uses are appended to `ranges`, outermost first.
std::string value_through(ProbeContext& p, Through t, std::vector<std::string>* ranges) {
  switch (t) {
    case Through::Add:
      return binary(p, "add", new_range(p, ranges), num(p.c.pick(-4, 4)));
    case Through::MulNegative:
      return binary(p, "mul", new_range(p, ranges), num(-p.c.pick(1, 3)));
    case Through::MulMixed: {
      std::string r = new_range(p, ranges);
      std::string straddle = p.def("x", "add " + r + " " + num(-p.c.pick(1, 2)));
      std::string other = p.c.chance(50) ? straddle : p.def("x", "add " + r + " " + num(-p.c.pick(0, 3)));
      return binary(p, "mul", straddle, p.c.chance(30) ? num(-p.c.pick(2, 3)) : other);
    }
    case Through::Max: {
      std::string shifted = p.def("x", "add " + new_range(p, ranges) + " " + num(-p.c.pick(0, 4)));
      return binary(p, "max", shifted, num(p.c.pick(-3, 3)));
    }
    case Through::Idiv: {
      // Shifted to straddle 0 mostly, sometimes to lie wholly above it: each sign case of the corners.
      std::string shifted = p.def("x", "add " + new_range(p, ranges) + " " + num(-p.c.pick(-3, 5)));
      int divisor = p.c.pick(2, 3) * (p.c.chance(50) ? -1 : 1);
      return p.def("x", "idiv " + shifted + " " + num(divisor));
    }
    case Through::IdivByRange: {
      std::string divisor = p.def("x", "add " + new_range(p, ranges) + " 1");
      return p.def("x", "idiv " + num(p.c.pick(-12, 12)) + " " + divisor);
    }
    case Through::Mod: {
      // The dividend's interval on every side of 0 (spec §4.3's three cases and their edges): from
      // above 0 (lo > 0 still gives [0, ...]), from 0, straddling, up to 0, or wholly below it.
      std::string shifted = p.def("x", "add " + new_range(p, ranges) + " " + num(-p.c.pick(-3, 7)));
      int divisor = p.c.pick(2, 4) * (p.c.chance(50) ? -1 : 1);
      return p.def("x", "mod " + shifted + " " + num(divisor));
    }
    case Through::Where: {
      std::string r = new_range(p, ranges);
      std::string cond = p.def("c", "cmplt " + r + " " + num(p.c.pick(1, 3)));
      std::string arm = p.def("x", "add " + r + " " + num(p.c.pick(-3, 3)));
      return p.c.chance(50) ? p.def("x", "where " + cond + " " + arm + " " + num(p.c.pick(-4, 8)))
                            : p.def("x", "where " + cond + " " + num(p.c.pick(-4, 8)) + " " + arm);
    }
    case Through::Cast: {
      std::string r = new_range(p, ranges);
      if (p.c.chance(50)) return p.def("x", "cast " + p.def("c", "cmpne " + r + " 1") + " dtype=i32");
      return p.def("x", "cast " + p.def("x", "mul " + r + " -1") + " dtype=i32");
    }
    case Through::RangeBound:
      return range_of_odd_bound(p, ranges);
    case Through::Call:
      return through_call(p, ranges);
    case Through::ConstExpr: {
      std::string k = p.def("k", "mul " + num(p.c.pick(2, 5)) + " " + num(-p.c.pick(1, 3)));
      std::string q = p.def("k", "idiv " + k + " " + num(p.c.chance(50) ? 2 : -2));
      return binary(p, "add", q, new_range(p, ranges));
    }
    case Through::Load: {
      std::string source = p.existing_i32_version();
      if (source.empty()) source = p.fresh_memory(1, "i32", false);
      std::string loaded = p.def("l", "load " + p.def("v", "shrink " + source + " 0 shape=[]"));
      std::string m = p.def("x", "mod " + loaded + " " + num(p.c.pick(2, 5) * (p.c.chance(50) ? -1 : 1)));
      return binary(p, "max", m, "0");
    }
    case Through::kCount:
      break;
  }
  return "";
}

/// More of the way: the value passes through one or two more ops that change its interval in a way
/// that needs care (a negative factor swaps the ends, idiv truncates towards 0, max cuts one end),
/// so each probe exercises several of §4.3's rules and a wrong one in any of them shows.
std::string further(ProbeContext& p, std::string value) {
  int steps = p.c.weighted({20, 45, 35});
  for (int k = 0; k < steps; ++k) {
    switch (p.c.weighted({30, 20, 20, 15, 15})) {
      case 0: value = binary(p, "mul", value, num(-p.c.pick(1, 3))); break;
      case 1: value = binary(p, "max", value, num(p.c.pick(-6, 2))); break;
      case 2: value = p.def("x", "idiv " + value + " " + num(p.c.chance(50) ? 2 : -2)); break;
      case 3: value = p.def("x", "mod " + value + " " + num(p.c.pick(3, 7) * (p.c.chance(50) ? -1 : 1))); break;
      default: value = binary(p, "add", value, num(p.c.pick(-5, 5))); break;
    }
  }
  return value;
}

/// Closes `ranges` (innermost last in the list) over `effect` and makes it visible on `memory`.
void close_and_publish(ProbeContext& p, const std::string& memory, std::string effect,
                       const std::vector<std::string>& ranges) {
  for (auto it = ranges.rbegin(); it != ranges.rend(); ++it) effect = p.def("e", "end " + effect + " " + *it);
  p.def("m", "after " + memory + " " + effect);
}

enum class Side { Inside, Below, Above };

/// E-BOUNDS through `t`: a view whose offset's interval is exactly the room (Inside), one below 0
/// (Below), or one past the end (Above); `nested`: the view shrinks a window of the buffer.
bool bounds_probe(ProbeContext& p, Through t, Side side, bool nested) {
  std::vector<std::string> ranges;
  std::string value = further(p, value_through(p, t, &ranges));
  std::optional<uir::Interval> iv = p.interval_of(value);
  if (!iv || iv->lo < -100000 || iv->hi > 100000) return false;
  int k = p.c.chance(70) ? 1 : p.c.pick(2, 4);
  if (side == Side::Above && iv->hi == iv->lo && k == 1) k = 2;  // a room of 0 elements is no memory
  int64_t shift = -int64_t{iv->lo} + (side == Side::Below ? -1 : 0);
  std::string offset = shift == 0 ? value : binary(p, "add", value, num(shift));
  int64_t room = int64_t{iv->hi} - iv->lo + k + (side == Side::Above ? -1 : 0);
  std::string target;
  std::string memory;
  if (!nested) {
    memory = p.fresh_memory(static_cast<int>(room));
    target = memory;
  } else {
    int before = p.c.pick(side == Side::Below ? 1 : 0, 3), after = p.c.pick(side == Side::Above ? 1 : 0, 3);
    memory = p.fresh_memory(static_cast<int>(before + room + after));
    target = p.def("w", "shrink " + memory + " " + num(before) + " " + shape_attr(static_cast<int>(room)));
  }
  std::string view = p.def("v", "shrink " + target + " " + offset + " " + shape_attr(k));
  if (side != Side::Inside) p.label_last();
  std::string element = k == 1 ? view : p.def("p", "shrink " + view + " " + num(p.c.pick(0, k - 1)) + " shape=[]");
  close_and_publish(p, memory, p.def("s", "store " + element + " " + offset), ranges);
  return true;
}

enum class DivisorSide { Positive, Negative, ZeroAtLow, ZeroAtHigh, Straddles };

/// E-DIV-ZERO through `t`: a divisor whose interval ends at 1 or -1 (valid) or reaches 0.
bool divisor_probe(ProbeContext& p, Through t, DivisorSide side) {
  std::vector<std::string> ranges;
  std::string value = further(p, value_through(p, t, &ranges));
  std::optional<uir::Interval> iv = p.interval_of(value);
  if (!iv || iv->lo < -100000 || iv->hi > 100000) return false;
  int64_t shift = 0;
  switch (side) {
    case DivisorSide::Positive: shift = 1 - int64_t{iv->lo}; break;
    case DivisorSide::Negative: shift = -1 - int64_t{iv->hi}; break;
    case DivisorSide::ZeroAtLow: shift = -int64_t{iv->lo}; break;
    case DivisorSide::ZeroAtHigh: shift = -int64_t{iv->hi}; break;
    case DivisorSide::Straddles:
      if (iv->hi - iv->lo < 2) return false;
      shift = -int64_t{iv->lo} - 1;
      break;
  }
  // The quotient goes to an output, indexed by the first range (in bounds by its own interval),
  // whose interval is read while the text still compiles.
  int length = 1;
  std::string index = "0";
  if (!ranges.empty()) {
    std::optional<uir::Interval> r = p.interval_of(ranges.front());
    if (!r) return false;
    length = r->hi + 1;
    index = ranges.front();
  }
  std::string divisor = shift == 0 ? value : binary(p, "add", value, num(shift));
  std::string dividend = ranges.empty() || p.c.chance(50) ? num(p.c.pick(-40, 40)) : ranges.front();
  std::string quotient = p.def("q", std::string(p.c.chance(50) ? "idiv " : "mod ") + dividend + " " + divisor);
  bool invalid = side == DivisorSide::ZeroAtLow || side == DivisorSide::ZeroAtHigh || side == DivisorSide::Straddles;
  if (invalid) p.label_last();
  std::string memory = p.fresh_memory(length);
  std::string element = p.def("v", "shrink " + memory + " " + index + " shape=[]");
  close_and_publish(p, memory, p.def("s", "store " + element + " " + quotient), ranges);
  return true;
}

/// An offset or divisor straight from data, unclamped: its interval is the full i32 range.
bool unclamped_data_probe(ProbeContext& p, bool as_divisor) {
  std::string source = p.existing_i32_version();
  if (source.empty()) source = p.fresh_memory(1, "i32", false);
  std::string loaded = p.def("l", "load " + p.def("v", "shrink " + source + " 0 shape=[]"));
  std::string memory = p.fresh_memory(p.c.pick(1, 64));
  std::string element;
  std::string value = loaded;
  if (as_divisor) {
    value = p.def("q", "idiv " + num(p.c.pick(1, 9)) + " " + loaded);
    p.label_last();
    element = p.def("v", "shrink " + memory + " 0 shape=[]");
  } else {
    element = p.def("v", "shrink " + memory + " " + loaded + " shape=[]");
    p.label_last();
  }
  p.def("m", "after " + memory + " " + p.def("s", "store " + element + " " + value));
  return true;
}

/// A value whose add or mul leaves i32 (spec §4.3: then [INT_MIN, INT_MAX]): used as an offset or
/// divisor as it is (invalid), or clamped back by mod and max (a near miss: [0, k-1]).
bool overflow_probe(ProbeContext& p, bool clamp, bool as_divisor) {
  std::string r = p.def("r", "range " + num(p.c.pick(3, 6)));  // 2 * 2^30 already leaves i32
  std::string wide = p.c.chance(50) ? binary(p, "mul", r, num(1073741824 + p.c.pick(0, 1000)))
                                    : binary(p, "add", r, num(2147483647 - p.c.pick(0, 1)));
  std::string value = wide;
  int k = p.c.pick(2, 6);
  if (clamp) value = binary(p, "max", p.def("x", "mod " + wide + " " + num(k)), "0");
  if (as_divisor) {
    if (clamp) value = binary(p, "add", value, "1");
    std::string q = p.def("q", "idiv " + num(p.c.pick(-50, 50)) + " " + value);
    if (!clamp) p.label_last();
    std::string m = p.fresh_memory(6);
    std::string v = p.def("v", "shrink " + m + " " + r + " shape=[]");
    close_and_publish(p, m, p.def("s", "store " + v + " " + q), {r});
    return true;
  }
  std::string m = p.fresh_memory(k);
  std::string v = p.def("v", "shrink " + m + " " + value + " shape=[]");
  if (!clamp) p.label_last();
  close_and_publish(p, m, p.def("s", "store " + v + " " + r), {r});
  return true;
}

/// The builders, one per (op, side, nesting): a function template instantiated per combination.
template <Through T, Side S, bool Nested>
bool bounds_entry(ProbeContext& p) {
  return bounds_probe(p, T, S, Nested);
}
template <Through T, DivisorSide S>
bool divisor_entry(ProbeContext& p) {
  return divisor_probe(p, T, S);
}

template <Through T>
void add_op_entries(std::vector<ProbeEntry>& out) {
  const std::string op = through_name(T);
  using uir::Rule;
  out.push_back({{"valid/E-BOUNDS/" + op + "/on-edge", 3, std::nullopt, std::nullopt, 1},
                 bounds_entry<T, Side::Inside, false>});
  out.push_back({{"valid/E-BOUNDS/" + op + "/view-of-view-on-edge", 3, std::nullopt, std::nullopt, 1},
                 bounds_entry<T, Side::Inside, true>});
  out.push_back({{"E-BOUNDS/" + op + "/below", 3, Rule::Bounds, std::nullopt, 1}, bounds_entry<T, Side::Below, false>});
  out.push_back({{"E-BOUNDS/" + op + "/above", 3, Rule::Bounds, std::nullopt, 1}, bounds_entry<T, Side::Above, false>});
  out.push_back({{"E-BOUNDS/" + op + "/view-of-view-below", 3, Rule::Bounds, std::nullopt, 1},
                 bounds_entry<T, Side::Below, true>});
  out.push_back({{"E-BOUNDS/" + op + "/view-of-view-above", 3, Rule::Bounds, std::nullopt, 1},
                 bounds_entry<T, Side::Above, true>});
  out.push_back({{"valid/E-DIV-ZERO/" + op + "/divisor-from-1", 3, std::nullopt, std::nullopt, 1},
                 divisor_entry<T, DivisorSide::Positive>});
  out.push_back({{"valid/E-DIV-ZERO/" + op + "/divisor-to-minus-1", 3, std::nullopt, std::nullopt, 1},
                 divisor_entry<T, DivisorSide::Negative>});
  out.push_back({{"E-DIV-ZERO/" + op + "/zero-at-low-end", 3, Rule::DivZero, std::nullopt, 1},
                 divisor_entry<T, DivisorSide::ZeroAtLow>});
  out.push_back({{"E-DIV-ZERO/" + op + "/zero-at-high-end", 3, Rule::DivZero, std::nullopt, 1},
                 divisor_entry<T, DivisorSide::ZeroAtHigh>});
  out.push_back({{"E-DIV-ZERO/" + op + "/zero-inside", 3, Rule::DivZero, std::nullopt, 1},
                 divisor_entry<T, DivisorSide::Straddles>});
}

template <int... I>
void add_all_ops(std::vector<ProbeEntry>& out, std::integer_sequence<int, I...>) {
  (add_op_entries<static_cast<Through>(I)>(out), ...);
}

}  // namespace

std::vector<ProbeEntry> interval_probes() {
  std::vector<ProbeEntry> out;
  add_all_ops(out, std::make_integer_sequence<int, static_cast<int>(Through::kCount)>{});
  out.push_back({{"E-BOUNDS/overflow-to-full-interval/below", 3, uir::Rule::Bounds, std::nullopt, 3},
                 [](ProbeContext& p) { return overflow_probe(p, false, false); }});
  out.push_back({{"valid/E-BOUNDS/overflow-clamped-by-mod/on-edge", 3, std::nullopt, std::nullopt, 3},
                 [](ProbeContext& p) { return overflow_probe(p, true, false); }});
  out.push_back({{"E-DIV-ZERO/overflow-to-full-interval/zero-inside", 3, uir::Rule::DivZero, std::nullopt, 3},
                 [](ProbeContext& p) { return overflow_probe(p, false, true); }});
  out.push_back({{"valid/E-DIV-ZERO/overflow-clamped-by-mod/divisor-from-1", 3, std::nullopt, std::nullopt, 3},
                 [](ProbeContext& p) { return overflow_probe(p, true, true); }});
  out.push_back({{"E-BOUNDS/load-unclamped/below", 3, uir::Rule::Bounds, std::nullopt, 2},
                 [](ProbeContext& p) { return unclamped_data_probe(p, false); }});
  out.push_back({{"E-DIV-ZERO/load-unclamped/zero-inside", 3, uir::Rule::DivZero, std::nullopt, 2},
                 [](ProbeContext& p) { return unclamped_data_probe(p, true); }});
  return out;
}

}  // namespace uirgen
