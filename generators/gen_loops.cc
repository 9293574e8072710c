// Week 3 constructs: rectangular loop nests (spec §5). Each nest is one unit of the builder's
// precedence graph and follows one of the shapes the course teaches:
//   map            a store at an affine offset of the nest's ranges (reversed and row-major
//                  strides included), sometimes followed by a second store through an after
//                  inside the loop (a chain of versions within one iteration);
//   reduce         a sum or max accumulated through a load of the version the loop stores into
//                  (the load moves into the loop, spec §5.3), into an output or an alloc, with or
//                  without a reset store inside the outer loops; "pinned" also uses the load
//                  outside the loop, so it runs once (spec §5.3's pinned load);
//   reduce-then-map  a reduction loop and a sibling loop that reads its result through the end,
//                  with the two ranges declared in either order (the sibling rule);
//   overwrite-after-read  a loop that overwrites a memory and a sibling loop, written after it
//                  with its range declared after it, that reads the version before the overwrite:
//                  only the load->store edge orders them (spec §5.3), and it opens the reader first.
// A reduction's accumulator load sometimes gets a dead use that depends on no range of the loop:
// only live uses count (spec §5.3), so the load must still move into the loop.
// Every range reaches the store its end closes (mixed into the value when the offset does not use
// it), so no end closes a range its effects don't use.
#include <algorithm>
#include <limits>

#include "generators/constructs.h"

namespace uirgen {

using uir::DType;
using uir::Op;
using uir::Operand;

namespace {

constexpr int kMaxRanges = 64;  // Info::ranges is a 64-bit mask

Operand gen_bound(GenState& g) {
  switch (g.c.weighted({75, 7, 6, 12})) {
    case 0:
      return ProgramBuilder::literal_i32(g.c.pick(1, g.b.limits().max_trip_count));
    case 1:
      return ProgramBuilder::literal_i32(0);
    case 2:
      return ProgramBuilder::literal_i32(g.c.pick(-3, -1));
    default: {
      Operand n = ProgramBuilder::literal_i32(g.c.pick(1, g.b.limits().max_trip_count));
      return g.b.ref(g.b.add(Op::Const, {n}, "%n"));
    }
  }
}

/// A range for a nest: one declared ahead (in any order) or a new one.
int take_range(GenState& g) {
  if (!g.spare_ranges.empty() && g.c.chance(60)) {
    int k = g.c.pick(0, static_cast<int>(g.spare_ranges.size()) - 1);
    int range = g.spare_ranges[k];
    g.spare_ranges.erase(g.spare_ranges.begin() + k);
    return range;
  }
  return g.b.add_range(gen_bound(g));
}

uint64_t range_bit(GenState& g, int range_stmt) { return g.b.info(range_stmt).ranges; }

uint64_t operand_ranges(GenState& g, const Operand& op) {
  return op.kind == Operand::Kind::Ref ? g.b.info(op.ref).ranges : 0;
}

/// Adds each range of `missing` into `value`, so that the store depends on it (E-END-UNUSED).
Operand mix_in_ranges(GenState& g, Operand value, DType dtype, uint64_t missing) {
  for (int bit = 0; bit < kMaxRanges; ++bit) {
    if (!(missing & (uint64_t{1} << bit))) continue;
    Operand range = g.b.ref(g.b.ranges()[bit].stmt);
    if (dtype == DType::F32) range = g.b.ref(g.b.add(Op::Cast, {range}, "%f", DType::F32));
    value = g.b.ref(g.b.add(Op::Add, {value, range}, "%x"));
  }
  return value;
}

/// A value of `dtype` computed in the nest: a few statements (values, loads of memories the nest
/// does not store into), then one of the requested dtype.
Operand gen_nest_value(GenState& g, DType dtype) {
  int steps = g.c.pick(0, scaled(g, 4) - 1);
  for (int s = 0; s < steps; ++s) {
    if (g.c.chance(45))
      gen_load(g);
    else
      gen_any_value(g);
  }
  return g.c.chance(70) ? g.b.ref(gen_value(g, dtype)) : pick_value(g, dtype, 10);
}

Operand cast_to(GenState& g, Operand value, DType from, DType to) {
  if (from == to) return value;
  return g.b.ref(g.b.add(Op::Cast, {value}, "%x", to));
}

int close_nest(GenState& g, int effect, const std::vector<int>& nest_outermost_first) {
  for (auto r = nest_outermost_first.rbegin(); r != nest_outermost_first.rend(); ++r)
    effect = g.b.add_end({effect}, *r);
  return effect;
}

/// The store target of a nest: memory, the version it stores into, and the offset of its element.
struct Target {
  int memory = -1;
  int version_stmt = -1;
  Offset offset;
};

/// A fresh memory sized from `offset` (exactly at the edge, or a little larger) as g.unit's store
/// target; a fresh version has no loaders, so the store is never refused.
Target fresh_target(GenState& g, const Offset& offset) {
  ProgramBuilder& b = g.b;
  Target target;
  target.memory = gen_memory(g, std::nullopt, offset.hi + 1);
  int version = b.memories()[target.memory].current_version;
  target.version_stmt = b.versions()[version].stmt;
  target.offset = offset;
  b.may_store(g.unit, version);
  return target;
}

/// Picks (or makes) a memory whose current version unit `unit` may store into, and an offset into
/// it that uses every range of `must_use`. With `avoid` a memory that must not be the target.
Target choose_target(GenState& g, uint64_t must_use, bool may_use_others, int avoid) {
  ProgramBuilder& b = g.b;
  if (!b.memories().empty() && g.c.chance(65)) {
    int memory = g.c.pick(0, static_cast<int>(b.memories().size()) - 1);
    int version = b.memories()[memory].current_version;
    int version_stmt = b.versions()[version].stmt;
    if (memory != avoid && !b.versions()[version].stored) {
      std::optional<Offset> offset = gen_offset(g, b.memories()[memory].length - 1, must_use, may_use_others);
      if (offset && b.may_store(g.unit, version) && b.depend(g.unit, b.info(version_stmt).units))
        return Target{memory, version_stmt, *offset};
    }
  }
  return fresh_target(g, *gen_offset(g, -1, must_use, may_use_others));
}

int element_view(GenState& g, int version_stmt, const Offset& offset) {
  return g.b.add(Op::Shrink, {g.b.ref(version_stmt), offset.operand}, "%p", std::nullopt, -1, 1);
}

int store_in_unit(GenState& g, int view, Operand value) {
  int store = g.b.add(Op::Store, {g.b.ref(view), value}, "%st");
  g.b.infos()[store].units.set(g.unit);
  return store;
}

int load_in_unit(GenState& g, int view) {
  int load = g.b.add(Op::Load, {g.b.ref(view)}, "%acc");
  g.b.infos()[load].units.set(g.unit);
  return load;
}

Operand reset_value(GenState& g, DType dtype, Op reduce) {
  if (g.c.chance(25)) return random_literal(g, dtype);
  if (reduce == Op::Add)
    return dtype == DType::F32 ? ProgramBuilder::literal_f32(0.0f) : ProgramBuilder::literal_i32(0);
  return dtype == DType::F32 ? ProgramBuilder::literal_f32(-std::numeric_limits<float>::infinity())
                             : ProgramBuilder::literal_i32(std::numeric_limits<int32_t>::min());
}

/// Starts a nest: a unit and `count` ranges. Returns false when a limit is reached.
bool begin_nest(GenState& g, int count) {
  if (g.open != 0 || g.b.in_function()) return false;
  if (static_cast<int>(g.b.ranges().size()) + count > kMaxRanges) return false;
  g.unit = g.b.new_unit();
  return g.unit >= 0;
}

void end_nest(GenState& g) {
  g.open = 0;
  g.unit = -1;
  g.busy_memories.clear();
}

/// The reduction part shared by reduce and reduce-then-map: accumulates into `target` over
/// `reduce_range` inside the outer ranges; returns the end over `reduce_range` and sets
/// *accumulator_load and *accumulated_version_stmt (the version the end's after would extend).
int gen_reduction(GenState& g, const Target& target, uint64_t outer_mask, int reduce_range, Op reduce,
                  bool reset, int* accumulator_load, int* accumulated_version_stmt) {
  ProgramBuilder& b = g.b;
  DType dtype = b.memories()[target.memory].dtype;
  g.open = outer_mask;
  int acc_version = target.version_stmt;
  if (reset) {
    int store =
        store_in_unit(g, element_view(g, target.version_stmt, target.offset), reset_value(g, dtype, reduce));
    acc_version = b.add_after(target.version_stmt, store);
  }
  int acc_view = element_view(g, acc_version, target.offset);
  int cur = load_in_unit(g, acc_view);
  if (g.c.chance(25)) b.add(g.c.chance(50) ? Op::Mul : Op::Cmplt, {b.ref(cur), random_literal(g, dtype)}, "%dead");
  g.open = outer_mask | range_bit(g, reduce_range);
  Operand x = gen_nest_value(g, dtype);
  x = mix_in_ranges(g, x, dtype, g.open & ~(b.info(acc_view).ranges | operand_ranges(g, x)));
  Operand sum = g.c.chance(50) ? b.ref(b.add(reduce, {b.ref(cur), x}, "%x"))
                               : b.ref(b.add(reduce, {x, b.ref(cur)}, "%x"));
  int store = store_in_unit(g, acc_view, sum);
  *accumulator_load = cur;
  *accumulated_version_stmt = acc_version;
  g.open = outer_mask;
  return b.add_end({store}, reduce_range);
}

}  // namespace

void gen_declare_ranges(GenState& g) {
  if (g.open != 0 || g.b.in_function()) return;
  int count = g.c.pick(1, 3);
  for (int k = 0; k < count && static_cast<int>(g.b.ranges().size()) < kMaxRanges - 8; ++k)
    g.spare_ranges.push_back(g.b.add_range(gen_bound(g)));
}

void gen_map_nest(GenState& g) {
  ProgramBuilder& b = g.b;
  int depth = g.c.pick(1, scaled(g, b.limits().max_loop_depth));
  if (!begin_nest(g, depth)) return;
  std::vector<int> nest;
  uint64_t all = 0;
  for (int d = 0; d < depth; ++d) {
    nest.push_back(take_range(g));
    all |= range_bit(g, nest.back());
  }
  g.open = all;
  uint64_t must_use = all;
  if (g.c.chance(20))  // some ranges only in the value (or mixed into it)
    for (int r : nest)
      if (g.c.chance(50)) must_use &= ~range_bit(g, r);
  Target target = choose_target(g, must_use, true, -1);
  // Loads of the target's current version are allowed here: they move into the loop and read the
  // contents as the loop leaves them (an in-place stencil), or stay pinned outside it (spec §5.3).
  DType dtype = b.memories()[target.memory].dtype;
  int view = element_view(g, target.version_stmt, target.offset);
  Operand value = gen_nest_value(g, dtype);
  value = mix_in_ranges(g, value, dtype, all & ~(b.info(view).ranges | operand_ranges(g, value)));
  int last = store_in_unit(g, view, value);
  if (g.c.chance(20)) {
    // A second store in the same iteration, through an after inside the loops.
    int next = b.add_after(target.version_stmt, last);
    std::optional<int> read_view = gen_element_view(g, next, 0, true);
    int read = load_in_unit(g, *read_view);
    Operand updated =
        b.ref(b.add(dtype == DType::F32 ? Op::Mul : Op::Add, {b.ref(read), pick_value(g, dtype)}, "%x"));
    std::optional<int> write_view = gen_element_view(g, next, 0, true);
    last = store_in_unit(g, *write_view, updated);
  }
  int effect = close_nest(g, last, nest);
  end_nest(g);
  b.add_after(target.version_stmt, effect);
}

void gen_reduce_nest(GenState& g, bool pinned) {
  ProgramBuilder& b = g.b;
  int outer_depth = pinned ? 0 : g.c.pick(0, scaled(g, b.limits().max_loop_depth) - 1);
  if (!begin_nest(g, outer_depth + 1)) return;
  std::vector<int> outer;
  uint64_t outer_mask = 0;
  int reduce_range = -1;
  bool reduce_declared_first = g.c.chance(30);
  if (reduce_declared_first) reduce_range = take_range(g);
  for (int d = 0; d < outer_depth; ++d) {
    outer.push_back(take_range(g));
    outer_mask |= range_bit(g, outer.back());
  }
  if (!reduce_declared_first) reduce_range = take_range(g);
  g.open = outer_mask;
  Op reduce = g.c.chance(50) ? Op::Add : Op::Max;
  Target target = choose_target(g, outer_mask, false, -1);
  g.busy_memories = {target.memory};
  bool reset = outer_depth >= 1 && g.c.chance(50);
  int cur = -1, acc_version = -1;
  int effect = gen_reduction(g, target, outer_mask, reduce_range, reduce, reset, &cur, &acc_version);
  effect = close_nest(g, effect, outer);
  end_nest(g);
  b.add_after(target.version_stmt, effect);
  if (pinned) {
    // A use of the accumulator's load outside the loop pins it there (spec §5.3).
    DType dtype = b.memories()[target.memory].dtype;
    int memory = g.c.pick(0, static_cast<int>(b.memories().size()) - 1);
    DType out_dtype = b.memories()[memory].dtype;
    Operand seen = b.ref(b.add(reduce, {b.ref(cur), random_literal(g, dtype)}, "%dbg"));
    store_outside_loops(g, memory, cast_to(g, seen, dtype, out_dtype));
  }
}

void gen_reduce_then_map(GenState& g) {
  ProgramBuilder& b = g.b;
  int outer_depth = g.c.pick(0, std::min(2, scaled(g, b.limits().max_loop_depth) - 1));
  if (!begin_nest(g, outer_depth + 2)) return;
  std::vector<int> outer;
  uint64_t outer_mask = 0;
  for (int d = 0; d < outer_depth; ++d) {
    outer.push_back(take_range(g));
    outer_mask |= range_bit(g, outer.back());
  }
  // The two sibling loops, declared in either order: the reduction must run first regardless.
  int map_range = -1, reduce_range = -1;
  if (g.c.chance(50)) {
    map_range = take_range(g);
    reduce_range = take_range(g);
  } else {
    reduce_range = take_range(g);
    map_range = take_range(g);
  }
  // Both targets are chosen before any load, so that storing into them can never close a cycle.
  // Without outer loops the map loop may instead store into the accumulator's memory itself, at the
  // version the reduction leaves (the smallest program with sibling loops): chosen after the
  // reduction, when that version exists.
  g.open = outer_mask;
  Target accumulator = choose_target(g, outer_mask, false, -1);
  bool in_place = outer_depth == 0 && g.c.chance(30);
  Target output;
  if (!in_place) {
    g.open = outer_mask | range_bit(g, map_range);
    output = choose_target(g, g.open, true, accumulator.memory);
  }
  // Neither loop reads the other's memory at its top-level version: a load there would have to
  // run both before the reduction's stores and inside the sibling loop (E-LOAD-ORDER).
  g.busy_memories = {accumulator.memory, output.memory};

  Op reduce = g.c.chance(50) ? Op::Add : Op::Max;
  bool reset = outer_depth >= 1 && g.c.chance(60);
  int cur = -1, acc_version = -1;
  int reduce_end =
      gen_reduction(g, accumulator, outer_mask, reduce_range, reduce, reset, &cur, &acc_version);
  g.open = outer_mask;
  int reduced = b.add_after(acc_version, reduce_end);
  b.may_load(g.unit, b.infos()[reduced].version);
  int total = load_in_unit(g, element_view(g, reduced, accumulator.offset));

  g.open = outer_mask | range_bit(g, map_range);
  if (in_place) {
    // `reduced` is the accumulator's current version, which nothing stores into yet; the load of
    // the total then moves into the map loop (spec §5.3) and reads the contents as it updates them.
    std::optional<Offset> offset =
        gen_offset(g, b.memories()[accumulator.memory].length - 1, range_bit(g, map_range), false);
    if (offset && b.may_store(g.unit, b.infos()[reduced].version)) {
      output = Target{accumulator.memory, reduced, *offset};
    } else {
      output = fresh_target(g, *gen_offset(g, -1, range_bit(g, map_range), false));
    }
  }
  DType acc_dtype = b.memories()[accumulator.memory].dtype;
  DType out_dtype = b.memories()[output.memory].dtype;
  int view = element_view(g, output.version_stmt, output.offset);
  Operand x = gen_nest_value(g, out_dtype);
  Operand combined = b.ref(
      b.add(g.c.chance(60) ? Op::Add : Op::Mul, {x, cast_to(g, b.ref(total), acc_dtype, out_dtype)}, "%x"));
  combined =
      mix_in_ranges(g, combined, out_dtype, g.open & ~(b.info(view).ranges | operand_ranges(g, combined)));
  int map_end = b.add_end({store_in_unit(g, view, combined)}, map_range);
  int effect = close_nest(g, map_end, outer);
  end_nest(g);
  if (outer_depth >= 1) b.add_after(accumulator.version_stmt, effect);
  b.add_after(output.version_stmt, effect);
}

void gen_overwrite_after_read(GenState& g) {
  ProgramBuilder& b = g.b;
  if (g.open != 0 || b.in_function() || b.memories().empty()) return;
  if (static_cast<int>(b.ranges().size()) + 2 > kMaxRanges) return;
  int memory = g.c.pick(0, static_cast<int>(b.memories().size()) - 1);
  int version = b.memories()[memory].current_version;
  int version_stmt = b.versions()[version].stmt;
  int length = b.memories()[memory].length;
  if (b.versions()[version].stored) return;
  int trips = std::min(length, b.limits().max_trip_count);
  // The writer's range is declared first: were nothing else to order the loops, it would open first.
  int write_range = b.add_range(ProgramBuilder::literal_i32(g.c.pick(1, trips)));
  int read_range = b.add_range(ProgramBuilder::literal_i32(g.c.pick(1, trips)));

  // The writer: overwrites the current version at an offset of its range.
  g.unit = b.new_unit();
  if (g.unit < 0) return end_nest(g);
  g.open = range_bit(g, write_range);
  g.busy_memories = {memory};
  std::optional<Offset> write_offset = gen_offset(g, length - 1, g.open, false);
  if (!write_offset || !b.depend(g.unit, b.info(version_stmt).units) || !b.may_store(g.unit, version))
    return end_nest(g);
  DType dtype = b.memories()[memory].dtype;
  int write_view = element_view(g, version_stmt, *write_offset);
  Operand value = gen_nest_value(g, dtype);
  value = mix_in_ranges(g, value, dtype, g.open & ~(b.info(write_view).ranges | operand_ranges(g, value)));
  int write_end = b.add_end({store_in_unit(g, write_view, value)}, write_range);
  end_nest(g);
  b.add_after(version_stmt, write_end);

  // The reader: copies the version before the overwrite into another memory. Its target is chosen
  // before its load, so that storing into it can never close a cycle.
  g.unit = b.new_unit();
  if (g.unit < 0) return end_nest(g);
  g.open = range_bit(g, read_range);
  Target target = choose_target(g, g.open, false, memory);
  std::optional<Offset> read_offset = gen_offset(g, length - 1, g.open, false);
  if (!read_offset || !b.may_load(g.unit, version)) {
    // No read: the target still gets a store, so its chosen version is not left half-used.
    read_offset.reset();
  }
  DType out_dtype = b.memories()[target.memory].dtype;
  Operand copied = pick_value(g, out_dtype);
  if (read_offset) {
    int old_value = load_in_unit(g, element_view(g, version_stmt, *read_offset));
    copied = cast_to(g, b.ref(old_value), dtype, out_dtype);
  }
  int view = element_view(g, target.version_stmt, target.offset);
  copied = mix_in_ranges(g, copied, out_dtype, g.open & ~(b.info(view).ranges | operand_ranges(g, copied)));
  int read_end = b.add_end({store_in_unit(g, view, copied)}, read_range);
  end_nest(g);
  b.add_after(target.version_stmt, read_end);
}

}  // namespace uirgen
