#include "generators/builder.h"

#include <algorithm>

#include "oracle/intervals.h"
#include "oracle/print.h"

namespace uirgen {

using uir::DType;
using uir::Interval;
using uir::Kind;
using uir::Op;
using uir::Operand;
using uir::Stmt;

// The generator keeps its programs in bounds with the oracle's own interval rules (spec §4.3), so
// what it proves in range is exactly what the validator will.
std::optional<Interval> interval_of(Op op, const std::vector<Info>& operands, DType result_dtype,
                                    DType source_dtype) {
  if (result_dtype != DType::I32) return std::nullopt;
  std::vector<std::optional<Interval>> intervals;
  intervals.reserve(operands.size());
  for (const Info& info : operands) intervals.push_back(info.interval);
  return uir::result_interval(op, intervals, source_dtype);
}

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
    Info info;
    info.kind = Kind::Value;
    info.dtype = type;
    if (type == DType::I32) info.interval = uir::kFullInterval;
    function_infos_.push_back(info);
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
Operand ProgramBuilder::literal_bool(bool value) {
  return literal(uir::Scalar::boolean(value), value ? "true" : "false");
}

Info ProgramBuilder::operand_info(const Operand& operand) const {
  if (operand.kind == Operand::Kind::Ref) return info(operand.ref);
  Info literal;
  literal.kind = Kind::Value;
  literal.dtype = operand.literal.dtype;
  if (literal.dtype == DType::I32)
    literal.interval = Interval{operand.literal.as_i32(), operand.literal.as_i32()};
  return literal;
}

Info ProgramBuilder::compute_info(const Stmt& stmt) const {
  std::vector<Info> ops;
  ops.reserve(stmt.operands.size());
  for (const Operand& operand : stmt.operands)
    if (operand.kind != Operand::Kind::Func) ops.push_back(operand_info(operand));
  Info out;
  for (const Info& op : ops) {
    out.ranges |= op.ranges;
    out.units |= op.units;
  }
  switch (stmt.op) {
    case Op::Const:
    case Op::Add:
    case Op::Mul:
    case Op::Max:
    case Op::Exp2:
    case Op::Log2:
    case Op::Sqrt:
    case Op::Recip:
      out.kind = Kind::Value;
      out.dtype = ops[0].dtype;
      break;
    case Op::Idiv:
    case Op::Mod:
      out.kind = Kind::Value;
      out.dtype = DType::I32;
      break;
    case Op::Cmplt:
    case Op::Cmpne:
    case Op::Cmpeq:
      out.kind = Kind::Value;
      out.dtype = DType::Bool;
      break;
    case Op::Where:
      out.kind = Kind::Value;
      out.dtype = ops[1].dtype;
      break;
    case Op::Cast:
      out.kind = Kind::Value;
      out.dtype = *stmt.dtype_attr;
      break;
    case Op::Call:
      out.kind = Kind::Value;
      out.dtype = program_.funcs[stmt.operands[0].ref].ret;
      break;
    case Op::Assert:
    case Op::Ret:
      out.kind = Kind::None;
      break;
    case Op::Buffer:
    case Op::Alloc:
      out.kind = Kind::Memory;
      out.dtype = *stmt.dtype_attr;
      out.length = ops[0].interval ? ops[0].interval->lo : 0;
      break;
    case Op::Shrink:
      out.kind = Kind::View;
      out.dtype = ops[0].dtype;
      out.memory = ops[0].memory;
      out.version = ops[0].version;
      out.length = stmt.shape;
      break;
    case Op::Load:
      out.kind = Kind::Value;
      out.dtype = ops[0].dtype;
      out.memory = ops[0].memory;
      out.version = ops[0].version;
      break;
    case Op::Store:
      out.kind = Kind::Effect;
      out.memory = ops[0].memory;
      out.version = ops[0].version;
      break;
    case Op::After:
      out.kind = Kind::Memory;
      out.dtype = ops[0].dtype;
      out.memory = ops[0].memory;
      out.length = ops[0].length;
      break;
    case Op::Range:
      out.kind = Kind::Value;
      out.dtype = DType::I32;
      break;
    case Op::End: {
      out.kind = Kind::Effect;
      const Info& range = ops.back();
      out.ranges = 0;
      out.units.reset();
      for (size_t k = 0; k + 1 < ops.size(); ++k) {
        out.ranges |= ops[k].ranges;
        out.units |= ops[k].units;
      }
      out.ranges &= ~range.ranges;
      break;
    }
    case Op::Param:
      out.kind = Kind::Value;
      out.dtype = *stmt.dtype_attr;
      break;
  }
  DType source = ops.empty() ? DType::Void : ops[0].dtype;
  if (out.kind == Kind::Value) out.interval = interval_of(stmt.op, ops, out.dtype, source);
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
  Info info = compute_info(stmt);
  int index = static_cast<int>(block().size());
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
  block().push_back(std::move(stmt));
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
