// Each field comes from the op's row (result kind, dtype source, roles) and the operands' fields;
// only evaluation is code of its own (constant folding: scalar_ops.h; intervals: intervals.h).
#include "oracle/statement_analysis.h"

#include <algorithm>
#include <array>
#include <span>

#include "oracle/intervals.h"
#include "oracle/scalar_ops.h"

namespace uir {
namespace {

class Analysis {
 public:
  Analysis(Program& program, StatementPlace place, int index)
      : program_(program),
        block_(place.func_index < 0 ? program.stmts : program.funcs[place.func_index].body),
        index_(index),
        s_(block_[index]),
        info_(op_info(s_.op)) {}

  void run() {
    s_.kind = info_.result;
    s_.dtype = result_dtype();
    s_.length = 0;
    s_.memory_root = s_.version = -1;
    s_.constant.reset();
    s_.interval.reset();
    fill_open_ranges();
    fill_memory();
    fill_constant();
    if (s_.kind == Kind::Value && s_.dtype == DType::I32) s_.interval = value_interval();
  }

 private:
  const Stmt* def(size_t k) const {
    const Operand& o = s_.operands[k];
    return o.kind == Operand::Kind::Ref ? &block_[o.ref] : nullptr;
  }
  DType dtype_of(size_t k) const {
    const Operand& o = s_.operands[k];
    if (o.kind == Operand::Kind::Literal) return o.literal.dtype;
    return def(k) ? def(k)->dtype : DType::I32;  // @f: never read as a dtype
  }
  std::optional<Scalar> constant_of(size_t k) const {
    const Operand& o = s_.operands[k];
    if (o.kind == Operand::Kind::Literal) return o.literal;
    return def(k) ? def(k)->constant : std::nullopt;
  }
  std::optional<Interval> interval_of(size_t k) const {
    const Operand& o = s_.operands[k];
    if (o.kind == Operand::Kind::Literal)
      return o.literal.dtype == DType::I32 ? std::optional(Interval{o.literal.as_i32(), o.literal.as_i32()})
                                           : std::nullopt;
    return def(k) ? def(k)->interval : std::nullopt;
  }

  DType result_dtype() const {
    switch (info_.dtype_from) {
      case DTypeFrom::Void: return DType::Void;
      case DTypeFrom::Operand0: return dtype_of(0);
      case DTypeFrom::Operand1: return dtype_of(1);
      case DTypeFrom::Bool: return DType::Bool;
      case DTypeFrom::I32: return DType::I32;
      case DTypeFrom::Attr: return *s_.dtype_attr;
      case DTypeFrom::CalleeReturn: return program_.funcs[s_.operands[0].ref].ret;
    }
    return DType::Void;
  }

  /// The union of the operands' open ranges; a range opens itself, an `end` closes its range.
  void fill_open_ranges() {
    s_.open_ranges = {};
    for (size_t k = 0; k < s_.operands.size(); ++k)
      if (def(k)) s_.open_ranges = union_of(s_.open_ranges, def(k)->open_ranges);  // shares a list when it can
    size_t n = s_.operands.size();
    if (s_.op == Op::Range) s_.open_ranges = {index_};
    if (n > 0 && operand_role(info_, n - 1, n) == OperandRole::ClosedRange)
      s_.open_ranges = s_.open_ranges.without(s_.operands.back().ref);
  }

  /// New memory takes its size and is its own root and version; an op on memory or a view names
  /// its operand's root and version; an `after` is a new version of its operand's memory.
  void fill_memory() {
    if (s_.operands.empty()) return;
    OperandRole first = info_.roles[0];
    if (first == OperandRole::Size) {
      s_.length = constant_of(0)->as_i32();
      s_.memory_root = s_.version = index_;
      return;
    }
    if (first != OperandRole::Memory && first != OperandRole::MemoryOrView && first != OperandRole::ElementView) return;
    const Stmt* source = def(0);
    s_.memory_root = source->memory_root;
    s_.version = s_.kind == Kind::Memory ? index_ : source->version;
    if (s_.kind == Kind::Memory) s_.length = source->length;
    if (s_.kind == Kind::View) s_.length = s_.shape;
  }

  /// A constant expression: a week-1 value op whose operands are all constant (spec §4).
  void fill_constant() {
    if (!info_.week1_value) return;
    // Up to three values (every op but a call with more arguments) need no allocation.
    std::array<Scalar, 3> few;
    std::vector<Scalar> many;
    if (s_.operands.size() > few.size()) many.resize(s_.operands.size());
    std::span<Scalar> slots = many.empty() ? std::span<Scalar>(few) : std::span<Scalar>(many);
    size_t count = 0;
    for (size_t k = 0; k < s_.operands.size(); ++k) {
      if (s_.operands[k].kind == Operand::Kind::Func) continue;
      std::optional<Scalar> c = constant_of(k);
      if (!c) return;
      slots[count++] = *c;
    }
    std::span<const Scalar> values = slots.first(count);
    if (s_.op == Op::Call) s_.constant = call_function(program_, s_.operands[0].ref, values);
    else s_.constant = eval_value_op(s_.op, values, s_.dtype_attr.value_or(DType::Void));
  }

  /// Spec §4.3: [v, v] for a constant, the full interval for a parameter, else the op's rule.
  Interval value_interval() const {
    if (s_.constant) return {s_.constant->as_i32(), s_.constant->as_i32()};
    // Interval rules read at most three operands (where); a call's many get the full interval.
    std::array<std::optional<Interval>, 3> intervals;
    size_t count = std::min(s_.operands.size(), intervals.size());
    for (size_t k = 0; k < count; ++k) intervals[k] = interval_of(k);
    return result_interval(s_.op, std::span(intervals.data(), count), s_.operands.empty() ? DType::Void : dtype_of(0));
  }

  Program& program_;
  std::vector<Stmt>& block_;
  int index_;
  Stmt& s_;
  const OpInfo& info_;
};

}  // namespace

void analyse_statement(Program& program, StatementPlace place, int index) { Analysis(program, place, index).run(); }

}  // namespace uir
