// Printing walks the two block lists of a Program in line order and spells each statement from its
// fields, never from the source text, so an edited Program (the minimiser's, a mutation's) prints
// what it now holds. Literals keep their written spelling when they have one, so that a printed
// literal parses to the very same bits.
#include "oracle/print.h"

#include <cmath>
#include <cstdio>

namespace uir {
namespace {

std::string scalar_text(const Scalar& value) {
  switch (value.dtype) {
    case DType::I32:
      return std::to_string(value.as_i32());
    case DType::F32:
      return f32_literal_text(value.as_f32());
    case DType::Bool:
      return value.as_bool() ? "true" : "false";
    case DType::Void:
      break;
  }
  return "?";
}

std::string operand_text(const Program& program, const std::vector<Stmt>& block, const Operand& op) {
  switch (op.kind) {
    case Operand::Kind::Ref:
      if (op.ref >= 0 && op.ref < static_cast<int>(block.size())) return block[op.ref].name;
      return op.text;
    case Operand::Kind::Literal:
      return op.text.empty() ? scalar_text(op.literal) : op.text;
    case Operand::Kind::Func:
      if (op.ref >= 0 && op.ref < static_cast<int>(program.funcs.size())) return program.funcs[op.ref].name;
      return op.text;
  }
  return op.text;
}

std::string function_header(const Function& func) {
  std::string out = "func " + func.name + "(";
  for (int p = 0; p < func.num_params && p < static_cast<int>(func.body.size()); ++p) {
    const Stmt& param = func.body[p];
    if (p > 0) out += ", ";
    out += param.name + ": ";
    out += dtype_name(param.dtype_attr.value_or(DType::I32));
  }
  out += ") -> ";
  out += dtype_name(func.ret);
  out += " {";
  return out;
}

}  // namespace

std::string f32_literal_text(float value) {
  if (std::isnan(value)) return "nan";  // the sign of a NaN has no spelling (`-nan` is E-SYNTAX)
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g", static_cast<double>(value));
  std::string text = buffer;
  // %.9g may drop the dot ("3", "1e+10"); the grammar needs digits '.' digits before any exponent.
  if (text.find('.') == std::string::npos) {
    size_t exponent = text.find_first_of("eE");
    if (exponent == std::string::npos)
      text += ".0";
    else
      text.insert(exponent, ".0");
  }
  return text;
}

std::string print_stmt(const Program& program, const std::vector<Stmt>& block, const Stmt& stmt) {
  const OpInfo& info = op_info(stmt.op);
  std::string out;
  if (info.named) out = stmt.name + " = ";
  out += info.spelling;
  for (const Operand& op : stmt.operands) out += " " + operand_text(program, block, op);
  if (stmt.dtype_attr) out += std::string(" dtype=") + std::string(dtype_name(*stmt.dtype_attr));
  if (stmt.slot >= 0) out += " slot=" + std::to_string(stmt.slot);
  if (stmt.shape >= 0)
    out += stmt.shape == 1 ? std::string(" shape=[]") : " shape=[" + std::to_string(stmt.shape) + "]";
  return out;
}

std::string print_program(const Program& program) {
  std::string out;
  size_t next_func = 0, next_stmt = 0;
  while (next_func < program.funcs.size() || next_stmt < program.stmts.size()) {
    bool take_func =
        next_func < program.funcs.size() &&
        (next_stmt >= program.stmts.size() || program.funcs[next_func].line <= program.stmts[next_stmt].line);
    if (take_func) {
      const Function& func = program.funcs[next_func++];
      out += function_header(func) + "\n";
      for (size_t s = static_cast<size_t>(func.num_params); s < func.body.size(); ++s)
        out += "  " + print_stmt(program, func.body, func.body[s]) + "\n";
      out += "}\n";
    } else {
      out += print_stmt(program, program.stmts, program.stmts[next_stmt++]) + "\n";
    }
  }
  return out;
}

}  // namespace uir
