#include "generators/builder.h"

#include <algorithm>

#include "oracle/statement_analysis.h"
#include "oracle/print.h"

namespace uirgen {

using uir::DType;
using uir::Interval;
using uir::Kind;
using uir::Op;
using uir::Operand;
using uir::Stmt;

namespace {

/// Where the builder puts a statement: never after a `ret`, and for the oracle (no mutants).
uir::StatementPlace built_place(int func_index) {
  return {.func_index = func_index, .after_ret = false};
}

}  // namespace

int statement_count(const uir::Program& program) {
  int count = static_cast<int>(program.stmts.size());
  for (const uir::Function& f : program.funcs) count += static_cast<int>(f.body.size()) - f.num_params;
  return count;
}

int ProgramBuilder::statement_count() const { return uirgen::statement_count(program_); }

std::vector<Stmt>& ProgramBuilder::block() {
  return function_ >= 0 ? program_.funcs[function_].body : program_.stmts;
}
std::vector<Info>& ProgramBuilder::infos() { return function_ >= 0 ? function_infos_ : top_infos_; }
const Info& ProgramBuilder::info(int stmt) const {
  return function_ >= 0 ? function_infos_[stmt] : top_infos_[stmt];
}

std::string ProgramBuilder::fresh_name(const std::string& prefix) {
  return prefix + std::to_string(next_name_++);
}

int ProgramBuilder::begin_function(const std::string& name, const std::vector<DType>& params, DType ret) {
  uir::Function func;
  func.name = name;
  func.line = next_line_++;
  func.ret = ret;
  func.num_params = static_cast<int>(params.size());
  program_.funcs.push_back(std::move(func));
  function_ = static_cast<int>(program_.funcs.size()) - 1;
  function_infos_.clear();
  for (DType type : params) {
    Stmt param;
    param.op = Op::Param;
    param.name = fresh_name("%p");
    param.line = program_.funcs[function_].line;
    param.dtype_attr = type;
    program_.funcs[function_].body.push_back(param);
    int index = static_cast<int>(program_.funcs[function_].body.size()) - 1;
    uir::analyse_statement(program_, built_place(function_), index);
    function_infos_.push_back(model_info(program_.funcs[function_].body[index]));
  }
  return function_;
}

void ProgramBuilder::end_function(int ret_value_stmt) {
  add(Op::Ret, {ref(ret_value_stmt)}, "");
  program_.funcs[function_].close_line = next_line_++;
  function_ = -1;
}

Operand ProgramBuilder::ref(int stmt) const {
  Operand op;
  op.kind = Operand::Kind::Ref;
  op.ref = stmt;
  op.text = (function_ >= 0 ? program_.funcs[function_].body : program_.stmts)[stmt].name;
  return op;
}

namespace {
Operand literal(uir::Scalar value, std::string text) {
  Operand op;
  op.kind = Operand::Kind::Literal;
  op.literal = value;
  op.text = std::move(text);
  return op;
}
}  // namespace

Operand ProgramBuilder::literal_i32(int32_t value) {
  return literal(uir::Scalar::i32(value), std::to_string(value));
}
Operand ProgramBuilder::literal_f32(float value) {
  return literal(uir::Scalar::f32(value), uir::f32_literal_text(value));
}
Operand ProgramBuilder::literal_f32_spelt(float value, std::string text) {
  // spell_f32 falls back to %.9g, which may lack the point a literal needs (spec §1).
  if (text.find('.') == std::string::npos) text = uir::f32_literal_text(value);
  return literal(uir::Scalar::f32(value), std::move(text));
}
Operand ProgramBuilder::literal_bool(bool value) {
  return literal(uir::Scalar::boolean(value), value ? "true" : "false");
}

Info ProgramBuilder::model_info(const Stmt& stmt) const {
  // What the validator computes (kind, dtype, interval, length) is the oracle's own analysis,
  // already in the statement; the rest is the generator's model.
  Info out;
  out.kind = stmt.kind;
  out.dtype = stmt.dtype;
  out.interval = stmt.interval;
  out.length = stmt.length;
  const uir::OpInfo& row = uir::op_info(stmt.op);
  size_t n = stmt.operands.size();
  bool closes_range = n > 0 && uir::operand_role(row, n - 1, n) == uir::OperandRole::ClosedRange;
  for (size_t k = 0; k < n; ++k) {
    const Operand& operand = stmt.operands[k];
    if (operand.kind != Operand::Kind::Ref || (closes_range && k + 1 == n)) continue;
    out.ranges |= info(operand.ref).ranges;
    out.units |= info(operand.ref).units;
  }
  if (closes_range) out.ranges &= ~info(stmt.operands.back().ref).ranges;
  uir::OperandRole first = n > 0 ? row.roles[0] : uir::OperandRole::None;
  if (first == uir::OperandRole::Memory || first == uir::OperandRole::MemoryOrView ||
      first == uir::OperandRole::ElementView) {
    out.memory = info(stmt.operands[0].ref).memory;
    out.version = info(stmt.operands[0].ref).version;
  }
  return out;
}

int ProgramBuilder::add(Op op, std::vector<Operand> operands, const std::string& prefix,
                        std::optional<DType> dtype_attr, int slot, int shape) {
  Stmt stmt;
  stmt.op = op;
  if (uir::op_info(op).named) stmt.name = fresh_name(prefix);
  stmt.line = next_line_++;
  stmt.operands = std::move(operands);
  stmt.dtype_attr = dtype_attr;
  stmt.slot = slot;
  stmt.shape = shape;
  int index = static_cast<int>(block().size());
  block().push_back(std::move(stmt));
  uir::analyse_statement(program_, built_place(function_), index);
  Info info = model_info(block()[index]);
  if (op == Op::Range) {
    info.ranges = uint64_t{1} << ranges_.size();
    ranges_.push_back({index, info.interval->hi});
  }
  if (op == Op::Buffer || op == Op::Alloc || op == Op::After) {
    info.version = static_cast<int>(versions_.size());
    if (op != Op::After) {
      info.memory = static_cast<int>(memories_.size());
      memories_.push_back({index, op == Op::Buffer, info.dtype, info.length, info.version});
    }
    Version version;
    version.stmt = index;
    version.memory = info.memory;
    versions_.push_back(version);
    if (op == Op::After && info.ranges == 0) memories_[info.memory].current_version = info.version;
  }
  if (op == Op::Store) versions_[info.version].stored = true;
  infos().push_back(info);
  return index;
}

int ProgramBuilder::add_call(int func, std::vector<Operand> args) {
  Operand callee;
  callee.kind = Operand::Kind::Func;
  callee.ref = func;
  callee.text = program_.funcs[func].name;
  args.insert(args.begin(), callee);
  return add(Op::Call, std::move(args), "%c");
}

int ProgramBuilder::new_memory(bool is_buffer, DType dtype, Operand size, int slot) {
  if (is_buffer && slot < 0)
    for (int s = 0; s < 64 && slot < 0; ++s)
      if (slot_free(s)) slot = s;
  return add(is_buffer ? Op::Buffer : Op::Alloc, {size}, is_buffer ? "%buf" : "%tmp", dtype,
             is_buffer ? slot : -1);
}

bool ProgramBuilder::slot_free(int slot) const {
  for (const Memory& m : memories_)
    if (m.is_buffer && program_.stmts[m.stmt].slot == slot) return false;
  return true;
}

int ProgramBuilder::add_after(int memory_stmt, int effect_stmt) {
  return add(Op::After, {ref(memory_stmt), ref(effect_stmt)}, "%m");
}

int ProgramBuilder::add_range(Operand bound) { return add(Op::Range, {bound}, "%r"); }

int ProgramBuilder::add_end(const std::vector<int>& effects, int range_stmt) {
  std::vector<Operand> operands;
  for (int e : effects) operands.push_back(ref(e));
  operands.push_back(ref(range_stmt));
  return add(Op::End, std::move(operands), "%e");
}

int ProgramBuilder::new_unit() {
  if (static_cast<int>(reach_.size()) >= std::min(kMaxUnits, limits_.max_units)) return -1;
  reach_.emplace_back();
  return static_cast<int>(reach_.size()) - 1;
}

bool ProgramBuilder::add_edge(int before, int after) {
  if (before == after) return true;
  if (reach_[after][before]) return false;
  Units gained = reach_[after];
  gained.set(after);
  for (size_t x = 0; x < reach_.size(); ++x)
    if (static_cast<int>(x) == before || reach_[x][before]) reach_[x] |= gained;
  return true;
}

bool ProgramBuilder::depend(int unit, const Units& deps) {
  if ((reach_[unit] & deps).any()) return false;
  for (size_t d = 0; d < reach_.size(); ++d)
    if (deps[d] && !add_edge(static_cast<int>(d), unit)) return false;
  return true;
}

bool ProgramBuilder::may_load(int unit, int version) {
  const Version& v = versions_[version];
  const Units& deps = top_infos_[v.stmt].units;
  if (v.store_unit >= 0 && v.store_unit != unit) {
    Units before_unit = deps;
    before_unit.set(unit);
    if ((reach_[v.store_unit] & before_unit).any() || deps[v.store_unit]) return false;
  }
  if (!depend(unit, deps)) return false;
  if (v.store_unit >= 0 && !add_edge(unit, v.store_unit)) return false;
  std::vector<int>& loaders = versions_[version].loader_units;
  if (std::find(loaders.begin(), loaders.end(), unit) == loaders.end()) loaders.push_back(unit);
  return true;
}

bool ProgramBuilder::may_store(int unit, int version) {
  for (int loader : versions_[version].loader_units)
    if (loader != unit && reach_[unit][loader]) return false;
  for (int loader : versions_[version].loader_units)
    if (!add_edge(loader, unit)) return false;
  versions_[version].store_unit = unit;
  return true;
}

}  // namespace uirgen
