// Week 1 constructs: value statements of every op and dtype, functions and calls, asserts. Which
// ops make a value of a dtype and what their operands must be come from the op table (ops.def:
// week1_value, dtype_from, the operand roles, own_rules for the divisor); only how often each op is
// written is this file's (value_mix), so a new week-1 value op is generated once it has its row.
// Operands come from the values already written (so the statements form a DAG in file order) or
// are fresh literals; an i32 divisor is always one whose interval (spec §4.3) excludes 0.
#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "generators/constructs.h"
#include "testcase/input_text.h"
#include "oracle/error.h"

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

// --- value statements from the op table ---

/// A choice of gen_value: one op, or a family of ops picked uniformly (a bool is as often a cmplt
/// as a cmpne or a cmpeq).
struct ValueChoice {
  int weight;
  std::vector<Op> ops;
};

/// How often gen_value writes each value op that makes a dtype, in table order, and what a call
/// becomes when no function returns that dtype. Which ops can make a dtype is the table's
/// (can_make); an op of the table that this list lacks gets kNewOpWeight, so a new week-1 value op
/// is generated as soon as it has its row in ops.def.
struct ValueMix {
  std::vector<ValueChoice> choices;
  Op without_callee;
  std::optional<DType> without_callee_operands;  // the dtype of its free operands (else random)
};
constexpr int kNewOpWeight = 5;

const ValueMix& value_mix(DType dtype) {
  static const ValueMix kI32{{{8, {Op::Const}}, {20, {Op::Add}}, {16, {Op::Mul}}, {8, {Op::Max}}, {8, {Op::Idiv}},
                              {8, {Op::Mod}}, {6, {Op::Where}}, {8, {Op::Cast}}, {5, {Op::Call}}},
                             Op::Add, std::nullopt};
  static const ValueMix kF32{{{8, {Op::Const}}, {20, {Op::Add}}, {16, {Op::Mul}}, {8, {Op::Max}}, {6, {Op::Where}},
                              {8, {Op::Cast}}, {5, {Op::Exp2}}, {5, {Op::Log2}}, {5, {Op::Sqrt}}, {5, {Op::Recip}},
                              {5, {Op::Call}}},
                             Op::Mul, std::nullopt};
  static const ValueMix kBool{{{6, {Op::Const}}, {58, {Op::Cmplt, Op::Cmpne, Op::Cmpeq}}, {10, {Op::Where}},
                               {10, {Op::Cast}}, {4, {Op::Call}}},
                              Op::Cmplt, DType::I32};
  return dtype == DType::I32 ? kI32 : dtype == DType::F32 ? kF32 : kBool;
}

/// The dtypes an operand of `role` may have; nullopt: any value dtype.
std::optional<DType> fixed_dtype(uir::OperandRole role) {
  switch (role) {
    case uir::OperandRole::I32: return DType::I32;
    case uir::OperandRole::F32: return DType::F32;
    case uir::OperandRole::Bool: return DType::Bool;
    default: return std::nullopt;
  }
}

/// E-DIV-ZERO is about operand 1, the divisor (oracle/op_rules.cc).
constexpr size_t kDivisor = 1;
bool is_divisor(const uir::OpInfo& row, size_t k) {
  return k == kDivisor && (row.own_rules & (1u << static_cast<unsigned>(uir::Rule::DivZero)));
}

std::string name_prefix(Op op, DType dtype) {
  if (op == Op::Const) return "%k";
  return dtype == DType::I32 ? "%x" : dtype == DType::F32 ? "%f" : "%b";
}

/// A statement of `op` making a `dtype`, its operands picked by their roles in the op's row: a
/// literal for const, a divisor that cannot be 0 where E-DIV-ZERO looks, the paired operand's dtype
/// where the row pairs them, the result's dtype where the result takes its dtype from the operand,
/// and else the role's dtype or `free_dtype` (random when nullopt). -1 for a call when no function
/// returns `dtype`.
int gen_op(GenState& g, Op op, DType dtype, std::optional<DType> free_dtype = std::nullopt) {
  const uir::OpInfo& row = uir::op_info(op);
  if (row.roles[0] == uir::OperandRole::Function) return gen_call(g, dtype);
  std::vector<Operand> operands;
  std::vector<DType> dtypes;
  for (size_t k = 0; k < static_cast<size_t>(row.min_operands); ++k) {
    bool gives_result_dtype = (k == 0 && row.dtype_from == uir::DTypeFrom::Operand0) ||
                              (k == 1 && row.dtype_from == uir::DTypeFrom::Operand1);
    DType t;
    if (row.same_dtype == static_cast<int>(k)) t = dtypes[row.like];
    else if (gives_result_dtype) t = dtype;
    else if (std::optional<DType> fixed = fixed_dtype(row.roles[k])) t = *fixed;
    else t = free_dtype ? *free_dtype : random_value_dtype(g);  // drawn only here, as the mix's weights assume
    operands.push_back(row.roles[k] == uir::OperandRole::Literal ? random_literal(g, t)
                       : is_divisor(row, k)                       ? nonzero_divisor(g)
                                                                  : pick_value(g, t));
    dtypes.push_back(t);
  }
  std::optional<DType> attr = row.dtype_from == uir::DTypeFrom::Attr ? std::optional<DType>(dtype) : std::nullopt;
  return g.b.add(op, std::move(operands), name_prefix(op, dtype), attr);
}

/// Whether `row` is a week-1 value op that can make a `dtype` (from where its dtype comes from).
bool can_make(const uir::OpInfo& row, DType dtype) {
  if (!row.week1_value) return false;
  switch (row.dtype_from) {
    case uir::DTypeFrom::Operand0:
    case uir::DTypeFrom::Operand1: {
      uir::OperandRole role = row.roles[row.dtype_from == uir::DTypeFrom::Operand0 ? 0 : 1];
      if (std::optional<DType> fixed = fixed_dtype(role)) return *fixed == dtype;
      return role != uir::OperandRole::Numeric || dtype != DType::Bool;
    }
    case uir::DTypeFrom::Bool: return dtype == DType::Bool;
    case uir::DTypeFrom::I32: return dtype == DType::I32;
    case uir::DTypeFrom::Attr:
    case uir::DTypeFrom::CalleeReturn: return true;
    case uir::DTypeFrom::Void: return false;
  }
  return false;
}

/// A dtype's choices, and their weights apart in the same order, as the chooser takes them.
struct ValueChoices {
  std::vector<ValueChoice> choices;
  std::vector<int> weights;
};

/// value_mix's choices for `dtype`, then every other op of the table that can make it.
ValueChoices make_value_choices(DType dtype) {
  ValueChoices made{value_mix(dtype).choices, {}};
  std::vector<ValueChoice>& choices = made.choices;
  for (const uir::OpInfo& row : uir::op_table()) {
    bool listed = std::any_of(choices.begin(), choices.end(), [&](const ValueChoice& choice) {
      return std::find(choice.ops.begin(), choice.ops.end(), row.op) != choice.ops.end();
    });
    if (!listed && can_make(row, dtype)) choices.push_back({kNewOpWeight, {row.op}});
  }
  for (const ValueChoice& choice : choices) made.weights.push_back(choice.weight);
  return made;
}

/// Built once: the table does not change while the program runs.
const ValueChoices& value_choices(DType dtype) {
  static const ValueChoices kChoices[] = {make_value_choices(DType::I32), make_value_choices(DType::F32),
                                          make_value_choices(DType::Bool)};
  return kChoices[dtype == DType::I32 ? 0 : dtype == DType::F32 ? 1 : 2];
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
      switch (g.c.weighted({60, 22, 8, 10})) {
        case 0:
          return ProgramBuilder::literal_f32(static_cast<float>(g.c.pick(-16, 16)) / 4.0f);
        case 1:
          return ProgramBuilder::literal_f32(static_cast<float>(g.c.pick(-100000, 100000)) / 1000.0f);
        case 3: {
          // Every significand bit used, spelt with an exponent, with every digit, or just past the
          // midpoint to its neighbour (spec §1: strtof rounds once; a double read ties to even).
          uint32_t bits = static_cast<uint32_t>(g.c.pick(0, 0x7fffff)) |
                          static_cast<uint32_t>(g.c.pick(117, 137)) << 23 | (g.c.chance(30) ? 0x80000000u : 0u);
          float value = std::bit_cast<float>(bits);
          auto how = static_cast<uirgrade::F32Spelling>(g.c.pick(1, static_cast<int>(uirgrade::F32Spelling::kCount) - 1));
          return ProgramBuilder::literal_f32_spelt(value, uirgrade::spell_f32(value, how));
        }
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
  if (dtype == DType::Void) dtype = DType::Bool;
  const ValueChoices& choices = value_choices(dtype);
  const ValueChoice& choice =
      choices.choices[g.c.weighted(choices.weights.data(), static_cast<int>(choices.weights.size()))];
  // The members of a family share the shape of their operands: their free dtype is drawn first,
  // then which member it is.
  std::optional<DType> free_dtype;
  if (choice.ops.size() > 1) free_dtype = random_value_dtype(g);
  Op op = choice.ops[g.c.pick(0, static_cast<int>(choice.ops.size()) - 1)];
  int stmt = gen_op(g, op, dtype, free_dtype);
  if (stmt >= 0) return stmt;
  const ValueMix& mix = value_mix(dtype);
  return gen_op(g, mix.without_callee, dtype, mix.without_callee_operands);
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
