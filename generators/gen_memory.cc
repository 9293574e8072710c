// Week 2 constructs: buffers and allocs, views whose offsets are provably in bounds (spec §4.2,
// §4.3), often right at the edge, loads of current and older versions, and stores each followed by
// the after that makes them visible, so every version has one store and one after (spec §4.1).
#include <algorithm>
#include <cstdlib>

#include "generators/constructs.h"

namespace uirgen {

using uir::DType;
using uir::Op;
using uir::Operand;

namespace {

/// Indices of the bits set in `mask`.
std::vector<int> bits_of(uint64_t mask) {
  std::vector<int> out;
  for (int bit = 0; bit < 64; ++bit)
    if (mask & (uint64_t{1} << bit)) out.push_back(bit);
  return out;
}

/// An offset from data: `max (mod x (room+1)) 0` for an existing i32 x lies in [0, room] whatever x
/// is (spec §4.3 mod and max rules), so even a loaded value can index a view.
std::optional<Offset> data_offset(GenState& g, int room) {
  Operand x = pick_value(g, DType::I32, 0);
  if (x.kind != Operand::Kind::Ref) return std::nullopt;
  int mod = g.b.add(Op::Mod, {x, ProgramBuilder::literal_i32(room + 1)}, "%o");
  int clamped = g.b.add(Op::Max, {g.b.ref(mod), ProgramBuilder::literal_i32(0)}, "%o");
  const Info& info = g.b.info(clamped);
  return Offset{g.b.ref(clamped), info.interval->hi, info.ranges};
}

/// A range's coefficient in an offset; `span` is hi - lo of the terms before it.
int64_t draw_coefficient(GenState& g, int64_t span) {
  switch (g.c.weighted({40, 15, 10, 25, 10})) {
    case 0: return 1;
    case 1: return -1;  // reversed: add (mul %i -1) c
    case 2: return 2;
    case 3: return span + 1;  // row-major stride over the terms so far
    default: return 3;
  }
}

/// The offset's constant, in [c_lo, c_hi]: an edge as often as not.
int32_t draw_constant(GenState& g, int32_t c_lo, int32_t c_hi) {
  switch (g.c.weighted({35, 35, 30})) {
    case 0: return c_lo;
    case 1: return c_hi;
    default: return g.c.pick(c_lo, c_hi);
  }
}

}  // namespace

std::optional<Offset> gen_offset(GenState& g, int room, uint64_t must_use, bool may_use_others) {
  ProgramBuilder& b = g.b;
  std::vector<int> use = bits_of(must_use);
  if (may_use_others)
    for (int bit : bits_of(g.open & ~must_use))
      if (g.c.chance(30)) use.push_back(bit);
  if (use.empty() && room >= 1 && g.c.chance(15))
    if (auto offset = data_offset(g, room)) return offset;

  std::optional<Operand> sum;
  int64_t span = 0;  // hi - lo of the sum so far
  uint64_t used = 0;
  for (int bit : use) {
    const RangeInfo& range = b.ranges()[bit];
    int64_t coefficient = draw_coefficient(g, span);
    auto fits = [&](int64_t coef) { return room < 0 || span + std::abs(coef) * range.max_value <= room; };
    if (!fits(coefficient)) coefficient = fits(1) ? 1 : 0;
    if (coefficient == 0) {
      if (must_use & (uint64_t{1} << bit)) return std::nullopt;
      continue;
    }
    Operand term = b.ref(range.stmt);
    if (coefficient != 1) {
      Operand factor = ProgramBuilder::literal_i32(static_cast<int32_t>(coefficient));
      term =
          b.ref(g.c.chance(50) ? b.add(Op::Mul, {term, factor}, "%o") : b.add(Op::Mul, {factor, term}, "%o"));
    }
    sum = sum ? b.ref(b.add(Op::Add, {*sum, term}, "%o")) : term;
    span += std::abs(coefficient) * range.max_value;
    used |= uint64_t{1} << bit;
  }

  int32_t lo = 0, hi = 0;
  if (sum) {
    uir::Interval iv = *b.info(sum->ref).interval;
    lo = iv.lo;
    hi = iv.hi;
  }
  // The constant moves the sum into [0, room]: often to an edge, where an off-by-one shows.
  int32_t c_lo = -lo;
  int32_t c_hi = room < 0 ? -lo + 2 : room - hi;
  int32_t c = draw_constant(g, c_lo, c_hi);
  Operand constant = ProgramBuilder::literal_i32(c);
  Operand result = constant;
  if (sum) {
    if (c == 0 && g.c.chance(50))
      result = *sum;
    else
      result = b.ref(g.c.chance(70) ? b.add(Op::Add, {*sum, constant}, "%o")
                                    : b.add(Op::Add, {constant, *sum}, "%o"));
  } else if (g.c.chance(20)) {
    result = b.ref(b.add(Op::Const, {constant}, "%o"));  // a named constant offset
  }
  return Offset{result, hi + c, used};
}

int gen_memory(GenState& g, std::optional<DType> dtype, int min_length) {
  ProgramBuilder& b = g.b;
  int buffers = 0;
  for (const Memory& m : b.memories()) buffers += m.is_buffer ? 1 : 0;
  bool is_buffer = buffers == 0 || (buffers < b.limits().max_buffers && g.c.chance(55));
  DType type = dtype ? *dtype : random_memory_dtype(g);
  int lowest = std::max(1, min_length);
  int length = lowest;
  if (g.c.chance(50)) length = g.c.pick(lowest, std::max(lowest, b.limits().max_memory_length));
  Operand size = ProgramBuilder::literal_i32(length);
  if (g.c.chance(20)) size = b.ref(b.add(Op::Const, {size}, "%n"));
  int slot = -1;
  if (is_buffer) {
    int start = g.c.pick(0, 63);
    for (int k = 0; k < 64 && slot < 0; ++k)
      if (b.slot_free((start + k) % 64)) slot = (start + k) % 64;
  }
  b.new_memory(is_buffer, type, size, slot);
  return static_cast<int>(b.memories().size()) - 1;
}

std::optional<int> gen_element_view(GenState& g, int version_stmt, uint64_t must_use, bool may_use_others) {
  ProgramBuilder& b = g.b;
  int length = b.info(version_stmt).length;
  if (length >= 2 && g.c.chance(25)) {
    int window = g.c.pick(1, length);
    std::optional<Offset> outer = gen_offset(g, length - window, 0, false);
    std::optional<Offset> inner = gen_offset(g, window - 1, must_use, may_use_others);
    if (outer && inner) {
      int view = b.add(Op::Shrink, {b.ref(version_stmt), outer->operand}, "%w", std::nullopt, -1, window);
      return b.add(Op::Shrink, {b.ref(view), inner->operand}, "%p", std::nullopt, -1, 1);
    }
  }
  std::optional<Offset> offset = gen_offset(g, length - 1, must_use, may_use_others);
  if (!offset) return std::nullopt;
  return b.add(Op::Shrink, {b.ref(version_stmt), offset->operand}, "%p", std::nullopt, -1, 1);
}

int gen_load(GenState& g) {
  ProgramBuilder& b = g.b;
  int count = static_cast<int>(b.memories().size());
  if (count == 0 || g.unit < 0) return -1;
  int memory = g.c.pick(0, count - 1);
  if (std::find(g.busy_memories.begin(), g.busy_memories.end(), memory) != g.busy_memories.end()) return -1;
  // The versions outside loops: the current one usually, an older one sometimes.
  std::vector<int> versions;
  for (size_t v = 0; v < b.versions().size(); ++v)
    if (b.versions()[v].memory == memory && b.info(b.versions()[v].stmt).ranges == 0)
      versions.push_back(static_cast<int>(v));
  int version = b.memories()[memory].current_version;
  if (versions.size() > 1 && g.c.chance(35))
    version = versions[g.c.pick(0, static_cast<int>(versions.size()) - 1)];
  if (!b.may_load(g.unit, version)) return -1;
  std::optional<int> view = gen_element_view(g, b.versions()[version].stmt, 0, true);
  if (!view) return -1;
  int load = b.add(Op::Load, {b.ref(*view)}, "%ld");
  b.infos()[load].units.set(g.unit);
  return load;
}

void store_outside_loops(GenState& g, int memory, Operand value) {
  ProgramBuilder& b = g.b;
  int unit = b.new_unit();
  if (unit < 0) return;
  int version = b.memories()[memory].current_version;
  int version_stmt = b.versions()[version].stmt;
  if (b.versions()[version].stored) return;  // one store per version (spec §4.1)
  if (!b.may_store(unit, version)) return;   // a fresh unit has no successors: never refused
  int saved_unit = g.unit;
  g.unit = unit;
  b.depend(unit, b.info(version_stmt).units);
  if (value.kind == Operand::Kind::Ref) b.depend(unit, b.info(value.ref).units);
  int view = *gen_element_view(g, version_stmt, 0, false);
  int store = b.add(Op::Store, {b.ref(view), value}, "%st");
  b.infos()[store].units.set(unit);
  b.add_after(version_stmt, store);
  g.unit = saved_unit;
}

void gen_top_store(GenState& g) {
  if (g.open != 0) return;
  ProgramBuilder& b = g.b;
  if (b.memories().empty() || g.c.chance(10)) gen_memory(g, std::nullopt, 1);
  int memory = g.c.pick(0, static_cast<int>(b.memories().size()) - 1);
  DType dtype = b.memories()[memory].dtype;
  // Value statements hold no loads, so picking them needs no unit: the store's fresh unit below
  // depends on whatever they depend on, which can never close a cycle.
  Operand value = g.c.chance(50) ? b.ref(gen_value(g, dtype)) : pick_value(g, dtype);
  store_outside_loops(g, memory, value);
}

void gen_top_load(GenState& g) {
  if (g.open != 0) return;
  int unit = g.b.new_unit();
  if (unit < 0) return;
  int saved_unit = g.unit;
  g.unit = unit;
  for (int attempt = 0; attempt < 3; ++attempt)
    if (gen_load(g) >= 0) break;
  g.unit = saved_unit;
}

}  // namespace uirgen
