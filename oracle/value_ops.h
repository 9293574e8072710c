// The one switch over the ops that every evaluator shares (the scalar evaluator, the interval
// rules, the bytecode compiler, the catalogue's interpreter), generated from ops.def: each op's row
// names its shape and the functions of its arithmetic (value_fn::add, ...), and the evaluator says
// once per shape what a shape does on its own representation (i32/f32 words, wide values,
// intervals, instructions). A new op of an existing shape is one row of the table; a new shape is a
// member every visitor lacks, which the compiler points at.
#pragma once

#include <cstdint>

#include "oracle/intervals.h"
#include "oracle/program.h"
#include "oracle/scalar_ops.h"

namespace uir {

/// The ops of shape Own (memory, loops, call, assert, ret, param), as an enum of their own: a stage
/// that executes them switches over it, so that its switch lists exactly them and -Werror=switch
/// points at a new one, while evaluators of values alone never name them.
enum class OwnOp : uint8_t {
#define UIR_OWN_ENUM_Own(Enum) Enum,
#define UIR_OWN_ENUM_Literal(Enum)
#define UIR_OWN_ENUM_Arith(Enum)
#define UIR_OWN_ENUM_IntDiv(Enum)
#define UIR_OWN_ENUM_Compare(Enum)
#define UIR_OWN_ENUM_Select(Enum)
#define UIR_OWN_ENUM_Cast(Enum)
#define UIR_OWN_ENUM_F32Unary(Enum)
#define UIR_OP(Enum, shape, fn, ...) UIR_OWN_ENUM_##shape(Enum)
#include "oracle/ops.def"
#undef UIR_OP
};

/// The function of op row `fn` as an object the evaluator calls on its own representation (the
/// overloads of value_fn in scalar_ops.h and intervals.h).
#define UIR_VALUE_FN(fn) [](auto... operand) { return value_fn::fn(operand...); }

/// Calls the member of `visitor` for `op`'s shape and returns what it returns:
///   own(OwnOp)                        memory, loops, call, assert, ret, param
///   literal()                         const
///   arith(Op, fn)                     fn(a, b) on i32 or f32 operands, the result of their dtype
///   int_div(Op, fn)                   fn(a, b) on i32 operands
///   compare(Op, fn)                   fn(a, b) -> bool on operands of one dtype
///   select()                          where
///   cast()                            cast
///   f32_unary(Op, fn)                 fn(a) on an f32 operand
/// The Op is for what is the op's alone beyond its arithmetic (a bytecode's instruction, a
/// catalogued bug of one op).
template <class Visitor>
decltype(auto) visit_op(Op op, Visitor&& visitor) {
#define UIR_VISIT_Own(Enum, fn) visitor.own(OwnOp::Enum)
#define UIR_VISIT_Literal(Enum, fn) visitor.literal()
#define UIR_VISIT_Arith(Enum, fn) visitor.arith(Op::Enum, UIR_VALUE_FN(fn))
#define UIR_VISIT_IntDiv(Enum, fn) visitor.int_div(Op::Enum, UIR_VALUE_FN(fn))
#define UIR_VISIT_Compare(Enum, fn) visitor.compare(Op::Enum, UIR_VALUE_FN(fn))
#define UIR_VISIT_Select(Enum, fn) visitor.select()
#define UIR_VISIT_Cast(Enum, fn) visitor.cast()
#define UIR_VISIT_F32Unary(Enum, fn) visitor.f32_unary(Op::Enum, UIR_VALUE_FN(fn))
  switch (op) {
#define UIR_OP(Enum, shape, fn, ...) \
  case Op::Enum: return UIR_VISIT_##shape(Enum, fn);
#include "oracle/ops.def"
#undef UIR_OP
  }
  return visitor.literal();  // not reached: the cases are every row of the table
}

}  // namespace uir
