// Week 1 constructs: value statements of every op and dtype, functions and calls, asserts.
// Operands come from the values already written (so the statements form a DAG in file order) or
// are fresh literals; an i32 divisor is always one whose interval (spec §4.3) excludes 0.
#include <climits>
#include <cmath>
#include <limits>

#include "generators/constructs.h"

namespace uirgen {

using uir::DType;
using uir::Op;
using uir::Operand;

namespace {

constexpr DType kValueDtypes[] = {DType::I32, DType::F32, DType::Bool};

/// An existing value statement of `dtype` usable at this point, or -1.
int pick_existing(GenState& g, DType dtype, bool (*accept)(const Info&)) {
  const std::vector<Info>& infos = g.b.infos();
  int count = static_cast<int>(infos.size());
  if (count == 0) return -1;
  // A few random probes instead of a full scan keep generation fast; recent values are as likely
  // as old ones.
  for (int attempt = 0; attempt < 6; ++attempt) {
    int k = g.c.pick(0, count - 1);
    const Info& info = infos[k];
    if (info.kind != uir::Kind::Value || info.dtype != dtype) continue;
    if ((info.ranges & ~g.open) != 0) continue;
    if (accept && !accept(info)) continue;
    if (g.unit >= 0 && !g.b.depend(g.unit, info.units)) continue;
    return k;
  }
  return -1;
}

Operand nonzero_divisor(GenState& g) {
  int k = pick_existing(g, DType::I32, [](const Info& info) {
    return info.interval && (info.interval->lo > 0 || info.interval->hi < 0);
  });
  if (k >= 0 && g.c.chance(60)) return g.b.ref(k);
  int value = g.c.pick(1, 9) * (g.c.chance(30) ? -1 : 1);
  return ProgramBuilder::literal_i32(value);
}

/// The functions a call here may name: all of them at the top level, the earlier ones in a body.
int callable_count(GenState& g) {
  int count = static_cast<int>(g.b.program().funcs.size());
  return g.b.in_function() ? count - 1 : count;
}

int gen_call(GenState& g, DType dtype) {
  std::vector<int> callees;
  for (int f = 0; f < callable_count(g); ++f)
    if (g.b.program().funcs[f].ret == dtype) callees.push_back(f);
  if (callees.empty()) return -1;
  int func = callees[g.c.pick(0, static_cast<int>(callees.size()) - 1)];
  const uir::Function& callee = g.b.program().funcs[func];
  // A call and its operands must have no open ranges (spec §5.1).
  uint64_t saved_open = g.open;
  g.open = 0;
  std::vector<Operand> args;
  for (int p = 0; p < callee.num_params; ++p) args.push_back(pick_value(g, *callee.body[p].dtype_attr));
  g.open = saved_open;
  return g.b.add_call(func, std::move(args));
}

}  // namespace

DType random_value_dtype(GenState& g) { return kValueDtypes[g.c.weighted({45, 40, 15})]; }
DType random_memory_dtype(GenState& g) { return g.c.chance(50) ? DType::F32 : DType::I32; }

Operand random_literal(GenState& g, DType dtype) {
  switch (dtype) {
    case DType::I32: {
      switch (g.c.weighted({70, 15, 15})) {
        case 0:
          return ProgramBuilder::literal_i32(g.c.pick(-9, 9));
        case 1:
          return ProgramBuilder::literal_i32(g.c.pick(-1000, 1000));
        default: {
          constexpr int32_t kEdges[] = {0, 1, -1, INT_MAX, INT_MIN, 65536, -65536};
          return ProgramBuilder::literal_i32(kEdges[g.c.pick(0, 6)]);
        }
      }
    }
    case DType::F32: {
      switch (g.c.weighted({65, 25, 10})) {
        case 0:
          return ProgramBuilder::literal_f32(static_cast<float>(g.c.pick(-16, 16)) / 4.0f);
        case 1:
          return ProgramBuilder::literal_f32(static_cast<float>(g.c.pick(-100000, 100000)) / 1000.0f);
        default: {
          const float kEdges[] = {0.0f,
                                  -0.0f,
                                  std::numeric_limits<float>::infinity(),
                                  -std::numeric_limits<float>::infinity(),
                                  std::numeric_limits<float>::quiet_NaN(),
                                  1e30f,
                                  1e-40f,
                                  16777217.0f};
          return ProgramBuilder::literal_f32(kEdges[g.c.pick(0, 7)]);
        }
      }
    }
    case DType::Bool:
      return ProgramBuilder::literal_bool(g.c.chance(50));
    case DType::Void:
      break;
  }
  return ProgramBuilder::literal_i32(0);
}

Operand pick_value(GenState& g, DType dtype, int literal_percent) {
  if (!g.c.chance(literal_percent)) {
    int k = pick_existing(g, dtype, nullptr);
    if (k >= 0) return g.b.ref(k);
  }
  return random_literal(g, dtype);
}

int gen_value(GenState& g, DType dtype) {
  ProgramBuilder& b = g.b;
  switch (dtype) {
    case DType::I32:
      switch (g.c.weighted({8, 20, 16, 8, 8, 8, 6, 8, 5})) {
        case 0:
          return b.add(Op::Const, {random_literal(g, dtype)}, "%k");
        case 1:
          return b.add(Op::Add, {pick_value(g, dtype), pick_value(g, dtype)}, "%x");
        case 2:
          return b.add(Op::Mul, {pick_value(g, dtype), pick_value(g, dtype)}, "%x");
        case 3:
          return b.add(Op::Max, {pick_value(g, dtype), pick_value(g, dtype)}, "%x");
        case 4:
          return b.add(Op::Idiv, {pick_value(g, dtype), nonzero_divisor(g)}, "%x");
        case 5:
          return b.add(Op::Mod, {pick_value(g, dtype), nonzero_divisor(g)}, "%x");
        case 6: {
          Operand cond = pick_value(g, DType::Bool);
          return b.add(Op::Where, {cond, pick_value(g, dtype), pick_value(g, dtype)}, "%x");
        }
        case 7: {
          DType from = random_value_dtype(g);
          return b.add(Op::Cast, {pick_value(g, from)}, "%x", dtype);
        }
        default: {
          int call = gen_call(g, dtype);
          return call >= 0 ? call : b.add(Op::Add, {pick_value(g, dtype), pick_value(g, dtype)}, "%x");
        }
      }
    case DType::F32:
      switch (g.c.weighted({8, 20, 16, 8, 6, 8, 5, 5, 5, 5, 5})) {
        case 0:
          return b.add(Op::Const, {random_literal(g, dtype)}, "%k");
        case 1:
          return b.add(Op::Add, {pick_value(g, dtype), pick_value(g, dtype)}, "%f");
        case 2:
          return b.add(Op::Mul, {pick_value(g, dtype), pick_value(g, dtype)}, "%f");
        case 3:
          return b.add(Op::Max, {pick_value(g, dtype), pick_value(g, dtype)}, "%f");
        case 4: {
          Operand cond = pick_value(g, DType::Bool);
          return b.add(Op::Where, {cond, pick_value(g, dtype), pick_value(g, dtype)}, "%f");
        }
        case 5: {
          DType from = random_value_dtype(g);
          return b.add(Op::Cast, {pick_value(g, from)}, "%f", dtype);
        }
        case 6:
          return b.add(Op::Exp2, {pick_value(g, dtype)}, "%f");
        case 7:
          return b.add(Op::Log2, {pick_value(g, dtype)}, "%f");
        case 8:
          return b.add(Op::Sqrt, {pick_value(g, dtype)}, "%f");
        case 9:
          return b.add(Op::Recip, {pick_value(g, dtype)}, "%f");
        default: {
          int call = gen_call(g, dtype);
          return call >= 0 ? call : b.add(Op::Mul, {pick_value(g, dtype), pick_value(g, dtype)}, "%f");
        }
      }
    case DType::Bool:
    case DType::Void:
      switch (g.c.weighted({6, 30, 14, 14, 10, 10, 4})) {
        case 0:
          return b.add(Op::Const, {random_literal(g, DType::Bool)}, "%k");
        case 1:
        case 2:
        case 3: {
          DType of = random_value_dtype(g);
          constexpr Op kComparisons[] = {Op::Cmplt, Op::Cmpne, Op::Cmpeq};
          Op cmp = kComparisons[g.c.pick(0, 2)];
          return b.add(cmp, {pick_value(g, of), pick_value(g, of)}, "%b");
        }
        case 4: {
          Operand cond = pick_value(g, DType::Bool);
          return b.add(Op::Where, {cond, pick_value(g, DType::Bool), pick_value(g, DType::Bool)}, "%b");
        }
        case 5: {
          DType from = random_value_dtype(g);
          return b.add(Op::Cast, {pick_value(g, from)}, "%b", DType::Bool);
        }
        default: {
          int call = gen_call(g, DType::Bool);
          return call >= 0 ? call
                           : b.add(Op::Cmplt, {pick_value(g, DType::I32), pick_value(g, DType::I32)}, "%b");
        }
      }
  }
  return -1;
}

void gen_any_value(GenState& g) { gen_value(g, random_value_dtype(g)); }

void gen_assert(GenState& g) {
  if (g.open != 0 || g.b.in_function()) return;
  int cond = -1;
  switch (g.c.weighted({50, 30, 20})) {
    case 0: {  // passes: x == x for an i32 or bool x (not f32: NaN != NaN)
      DType of = g.c.chance(75) ? DType::I32 : DType::Bool;
      Operand x = pick_value(g, of, 20);
      cond = g.b.add(Op::Cmpeq, {x, x}, "%ok");
      break;
    }
    case 1:  // depends on the values (and in weeks 2-3 on the data)
      cond = gen_value(g, DType::Bool);
      break;
    default: {  // fails
      Operand x = pick_value(g, DType::I32, 20);
      cond = g.b.add(Op::Cmpne, {x, x}, "%no");
      break;
    }
  }
  g.b.add(Op::Assert, {g.b.ref(cond)}, "");
  ++g.asserts;
}

void gen_function(GenState& g) {
  ProgramBuilder& b = g.b;
  int count = static_cast<int>(b.program().funcs.size());
  if (g.open != 0 || b.in_function() || count >= b.limits().max_functions) return;
  std::vector<DType> params(g.c.pick(0, b.limits().max_params));
  for (DType& p : params) p = random_value_dtype(g);
  DType ret = random_value_dtype(g);
  int saved_unit = g.unit;
  g.unit = -1;
  b.begin_function("@fn" + std::to_string(count), params, ret);
  int body = g.c.pick(0, b.limits().max_function_body - 1);
  for (int s = 0; s < body; ++s) gen_any_value(g);
  b.end_function(gen_value(g, ret));
  g.unit = saved_unit;
}

}  // namespace uirgen
