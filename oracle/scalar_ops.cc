// The generic entry points over the per-op functions of scalar_ops.h: a single value op through the
// ops' shared switch (value_ops.h), and a straight walk over a function body for `call`.
#include "oracle/scalar_ops.h"

#include <vector>

#include "oracle/value_ops.h"

namespace uir {

namespace {

/// One evaluation per shape of ops.def, on the oracle's own representation (Scalar: i32, f32 or
/// bool bits); an op's arithmetic is its function in scalar_ops.h, handed over by value_ops.h.
struct ScalarEvaluator {
  std::span<const Scalar> operands;
  DType cast_to;

  // Not week-1 value ops: never evaluated (the caller must not ask).
  Scalar own(OwnOp) const { return Scalar{}; }
  Scalar literal() const { return operands[0]; }
  Scalar arith(Op, auto fn) const {
    const Scalar& a = operands[0];
    const Scalar& b = operands[1];
    if (a.dtype == DType::F32) return Scalar::f32(fn(a.as_f32(), b.as_f32()));
    return Scalar::i32(fn(a.as_i32(), b.as_i32()));
  }
  Scalar int_div(Op, auto fn) const { return Scalar::i32(fn(operands[0].as_i32(), operands[1].as_i32())); }
  /// Over one dtype; bool compares its 0/1 bits as an i32, so false < true.
  Scalar compare(Op, auto fn) const {
    const Scalar& a = operands[0];
    const Scalar& b = operands[1];
    if (a.dtype == DType::F32) return Scalar::boolean(fn(a.as_f32(), b.as_f32()));
    return Scalar::boolean(fn(a.as_i32(), b.as_i32()));
  }
  Scalar select() const { return operands[0].as_bool() ? operands[1] : operands[2]; }
  Scalar cast() const { return cast_scalar(operands[0], cast_to); }
  Scalar f32_unary(Op, auto fn) const { return Scalar::f32(fn(operands[0].as_f32())); }
};

}  // namespace

Scalar eval_value_op(Op op, std::span<const Scalar> operands, DType cast_to) {
  return visit_op(op, ScalarEvaluator{operands, cast_to});
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
