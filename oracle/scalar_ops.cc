// The generic entry points over the per-op functions of scalar_ops.h: one switch over Op for a
// single value op, and a straight walk over a function body for `call`.
#include "oracle/scalar_ops.h"

#include <vector>

namespace uir {

namespace {

/// The three comparisons over one dtype; bool compares its 0/1 bits, so false < true.
bool compare(Op op, Scalar a, Scalar b) {
  if (a.dtype == DType::F32) {
    float x = a.as_f32(), y = b.as_f32();
    return op == Op::Cmplt ? cmplt_f32(x, y) : op == Op::Cmpne ? cmpne_f32(x, y) : cmpeq_f32(x, y);
  }
  if (a.dtype == DType::Bool) {
    uint32_t x = a.bits, y = b.bits;
    return op == Op::Cmplt ? x < y : op == Op::Cmpne ? x != y : x == y;
  }
  int32_t x = a.as_i32(), y = b.as_i32();
  return op == Op::Cmplt ? x < y : op == Op::Cmpne ? x != y : x == y;
}

}  // namespace

Scalar eval_value_op(Op op, std::span<const Scalar> operands, DType cast_to) {
  auto f32_unary = [&](float (*fn)(float)) { return Scalar::f32(fn(operands[0].as_f32())); };
  auto binary = [&](int32_t (*on_i32)(int32_t, int32_t), float (*on_f32)(float, float)) {
    const Scalar& a = operands[0];
    const Scalar& b = operands[1];
    if (a.dtype == DType::F32) return Scalar::f32(on_f32(a.as_f32(), b.as_f32()));
    return Scalar::i32(on_i32(a.as_i32(), b.as_i32()));
  };
  switch (op) {
    case Op::Const: return operands[0];
    case Op::Add: return binary(add_i32, add_f32);
    case Op::Mul: return binary(mul_i32, mul_f32);
    case Op::Max: return binary(max_i32, max_f32);
    case Op::Idiv: return Scalar::i32(idiv_i32(operands[0].as_i32(), operands[1].as_i32()));
    case Op::Mod: return Scalar::i32(mod_i32(operands[0].as_i32(), operands[1].as_i32()));
    case Op::Cmplt:
    case Op::Cmpne:
    case Op::Cmpeq: return Scalar::boolean(compare(op, operands[0], operands[1]));
    case Op::Where: return operands[0].as_bool() ? operands[1] : operands[2];
    case Op::Cast: return cast_scalar(operands[0], cast_to);
    case Op::Exp2: return f32_unary(exp2_f32);
    case Op::Log2: return f32_unary(log2_f32);
    case Op::Sqrt: return f32_unary(sqrt_f32);
    case Op::Recip: return f32_unary(recip_f32);
    // Not week-1 value ops: never evaluated. Listed, not a `default:`, so that a new op breaks the
    // build here (-Werror=switch) until someone decides how it folds.
    case Op::Assert:
    case Op::Call:
    case Op::Ret:
    case Op::Buffer:
    case Op::Alloc:
    case Op::Shrink:
    case Op::Load:
    case Op::Store:
    case Op::After:
    case Op::Range:
    case Op::End:
    case Op::Param: break;
  }
  return Scalar{};
}

std::optional<Scalar> call_function(const Program& program, int func_index,
                                    std::span<const Scalar> args) {
  if (func_index < 0 || func_index >= static_cast<int>(program.funcs.size())) return std::nullopt;
  const Function& func = program.funcs[func_index];
  if (static_cast<int>(args.size()) != func.num_params) return std::nullopt;
  for (int p = 0; p < func.num_params; ++p)
    if (args[p].dtype != func.body[p].dtype_attr) return std::nullopt;

  // One value per body statement; a statement the validator folded to a constant is not
  // recomputed (that also skips calls with constant arguments, which would otherwise nest).
  std::vector<Scalar> values(func.body.size());
  std::vector<Scalar> operands;
  for (size_t k = 0; k < func.body.size(); ++k) {
    const Stmt& stmt = func.body[k];
    if (k < args.size()) {
      values[k] = args[k];
      continue;
    }
    if (stmt.constant) {
      values[k] = *stmt.constant;
      continue;
    }
    // The values of the operands (a call's @f excluded); a reference that does not point to an
    // earlier statement only happens in an unvalidated body, which we refuse rather than misread.
    operands.clear();
    size_t expected = stmt.operands.size();
    for (const Operand& operand : stmt.operands) {
      if (operand.kind == Operand::Kind::Literal) operands.push_back(operand.literal);
      else if (operand.kind == Operand::Kind::Ref && operand.ref >= 0 && operand.ref < static_cast<int>(k))
        operands.push_back(values[operand.ref]);
      else if (operand.kind == Operand::Kind::Func) --expected;
    }
    if (operands.size() != expected) return std::nullopt;
    if (stmt.op == Op::Ret) return operands.empty() ? std::nullopt : std::optional<Scalar>(operands[0]);
    if (stmt.op == Op::Call) {
      // Only earlier functions can be called (spec §3), which also bounds the recursion.
      int callee = stmt.operands[0].kind == Operand::Kind::Func ? stmt.operands[0].ref : -1;
      if (callee < 0 || callee >= func_index) return std::nullopt;
      std::optional<Scalar> result = call_function(program, callee, operands);
      if (!result) return std::nullopt;
      values[k] = *result;
    } else {
      values[k] = eval_value_op(stmt.op, operands, stmt.dtype_attr.value_or(DType::Void));
    }
  }
  return std::nullopt;
}

}  // namespace uir
