// The op table and dtype names, built once from oracle/ops.def.
#include "oracle/program.h"

#include <algorithm>

#include "oracle/error.h"  // Rule, for the own_rules column

namespace uir {

const std::vector<OpInfo>& op_table() {
  static const std::vector<OpInfo> table = {
#define UIR_OP(name, shape, fn, spelling, min_ops, max_ops, attrs, named, week, result, dtype_from, week1, r0, r1, r2, \
               same, like, outside, c_expr, c_i32, own_rules)                                        \
  {Op::name, Shape::shape, spelling, min_ops, max_ops, attrs, named, week, result, dtype_from, week1,  \
   {r0, r1, r2}, same, like, outside, c_expr, c_i32, own_rules},
#include "oracle/ops.def"
#undef UIR_OP
  };
  return table;
}

const OpInfo& op_info(Op op) { return op_table()[static_cast<size_t>(op)]; }

OperandRole operand_role(const OpInfo& info, size_t k, size_t count) {
  if (info.max_operands >= 0) return k < 3 ? info.roles[k] : OperandRole::None;
  if (k + 1 == count && count > 1) return info.roles[2];
  return k == 0 ? info.roles[0] : info.roles[1];
}

std::optional<Op> op_from_spelling(std::string_view word) {
  if (word.empty()) return std::nullopt;
  for (const OpInfo& info : op_table())
    if (info.spelling == word) return info.op;
  return std::nullopt;
}

std::string_view dtype_name(DType t) {
  switch (t) {
    case DType::I32: return "i32";
    case DType::F32: return "f32";
    case DType::Bool: return "bool";
    case DType::Void: return "void";
  }
  return "?";
}

std::optional<DType> dtype_from_name(std::string_view word) {
  if (word == "i32") return DType::I32;
  if (word == "f32") return DType::F32;
  if (word == "bool") return DType::Bool;
  return std::nullopt;
}

std::vector<int> Program::buffers_by_slot() const {
  std::vector<int> out;
  for (size_t i = 0; i < stmts.size(); ++i)
    if (stmts[i].op == Op::Buffer && !stmts[i].redefines && stmts[i].redefined_slot_of < 0)
      out.push_back(static_cast<int>(i));
  std::sort(out.begin(), out.end(), [&](int a, int b) { return stmts[a].slot < stmts[b].slot; });
  return out;
}

}  // namespace uir
