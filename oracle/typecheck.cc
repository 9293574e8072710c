// Approach: one StatementChecker per statement. It first gathers the facts about each operand (a
// literal's own type and value, or the analysed fields of the statement a name refers to, which
// passed earlier), then runs one method per rule in the order of spec §8, each returning the first
// failure at the column of the operand at fault. E-TYPE checks each operand against its role in
// ops.def, E-OPEN-RANGE the ops the table marks as outside loops. The statement's analysed fields
// are statement_analysis.cc's; the op's own rules (E-BOUNDS onwards) are op_rules.cc.
#include "oracle/typecheck.h"

#include <algorithm>
#include <array>
#include <span>

#include <fmt/format.h>

namespace uir {

namespace {

constexpr int64_t kMaxMemoryElements = int64_t{1} << 24;  // spec §4: 1 <= n <= 2^24

/// What an operand is, seen from the statement that uses it.
struct Facts {
  const Operand* operand = nullptr;
  const Stmt* def = nullptr;  // the statement a name refers to; null for literals and @functions
  Kind kind = Kind::Value;
  DType dtype = DType::I32;
  std::optional<Scalar> constant;
  std::optional<Interval> interval;
};

const RangeSet kNoRanges;

const RangeSet& open_ranges_of(const Facts& f) { return f.def ? f.def->open_ranges : kNoRanges; }

/// Sets of dtypes an operand may have.
enum DTypeSet : unsigned { kI32 = 1, kF32 = 2, kBool = 4, kNumeric = kI32 | kF32, kAnyValue = 7 };
bool in_set(DType t, unsigned set) {
  return (t == DType::I32 && (set & kI32)) || (t == DType::F32 && (set & kF32)) ||
         (t == DType::Bool && (set & kBool));
}
std::string set_name(unsigned set) {
  switch (set) {
    case kI32: return "an i32 value";
    case kF32: return "an f32 value";
    case kBool: return "a bool value";
    case kNumeric: return "i32 or f32 values";
    default: return "a value";
  }
}

/// "%x is an effect", "3.0 is f32": what an operand turned out to be, in the student's terms.
std::string what_it_is(const Facts& f) {
  const std::string& text = f.operand->text;
  switch (f.kind) {
    case Kind::Value: return fmt::format("{} is {}", text, dtype_name(f.dtype));
    case Kind::Effect: return text + " is an effect (only after and end may use one)";
    case Kind::Memory: return text + " is memory";
    case Kind::View: return text + " is a view";
    case Kind::None: return text + " has no value";
  }
  return text;
}

class StatementChecker {
 public:
  StatementChecker(Program& program, StatementPlace place, int index)
      : program_(program),
        place_(place),
        block_(place.func_index < 0 ? program.stmts : program.funcs[place.func_index].body),
        index_(index),
        stmt_(block_[index]) {
    // Up to three operands (every op but a long call, end or after) need no allocation.
    size_t count = stmt_.operands.size();
    if (count > few_facts_.size()) many_facts_.resize(count);
    facts_ = count > few_facts_.size() ? std::span<Facts>(many_facts_) : std::span<Facts>(few_facts_).first(count);
    for (size_t k = 0; k < count; ++k) facts_[k] = facts_of(stmt_.operands[k]);
  }
  StatementChecker(const StatementChecker&) = delete;  // facts_ views the checker's own storage

  std::optional<Error> check() {
    for (auto rule : {&StatementChecker::syntax, &StatementChecker::func_body, &StatementChecker::literal,
                      &StatementChecker::redefined, &StatementChecker::undefined, &StatementChecker::types,
                      &StatementChecker::open_range})
      if (std::optional<Error> error = (this->*rule)()) return error;
    return std::nullopt;
  }

 private:
  Facts facts_of(const Operand& operand) const {
    Facts f;
    f.operand = &operand;
    if (operand.kind == Operand::Kind::Literal) {
      f.dtype = operand.literal.dtype;
      f.constant = operand.literal;
      if (f.dtype == DType::I32) f.interval = Interval{operand.literal.as_i32(), operand.literal.as_i32()};
    } else if (operand.kind == Operand::Kind::Ref && defined(operand)) {
      f.def = &block_[operand.ref];
      f.kind = f.def->kind;
      f.dtype = f.def->dtype;
      f.constant = f.def->constant;
      f.interval = f.def->interval;
    }
    return f;
  }

  /// A name refers to an earlier statement of this block (the parser gives -1 otherwise).
  bool defined(const Operand& operand) const { return operand.ref >= 0 && operand.ref < index_; }

  Error error_at(Rule rule, const Operand& operand, const std::string& detail) const {
    return operand_error(rule, stmt_, operand, detail);
  }
  Error error_at_statement(Rule rule, const std::string& detail) const {
    return {rule, stmt_.line, stmt_.column, 1, rule_message(rule, detail)};
  }
  std::string_view spelling() const { return op_info(stmt_.op).spelling; }

  // --- E-SYNTAX: what the parser cannot know (call argument counts, memory sizes) ---
  std::optional<Error> syntax() const {
    if (stmt_.op == Op::Call) {
      const Operand& callee = stmt_.operands[0];
      if (callee.ref < 0) return std::nullopt;  // E-UNDEFINED, later
      const Function& func = program_.funcs[callee.ref];
      int args = static_cast<int>(stmt_.operands.size()) - 1;
      if (args != func.num_params)
        return error_at(Rule::Syntax, callee, fmt::format("{} takes {} argument{}, not {}", func.name,
                                                          func.num_params, func.num_params == 1 ? "" : "s", args));
    }
    if (stmt_.op == Op::Buffer || stmt_.op == Op::Alloc) {
      std::optional<int64_t> size = known_size();
      if (size && (*size < 1 || *size > kMaxMemoryElements))
        return error_at(Rule::Syntax, stmt_.operands[0],
                        fmt::format("a {} size must be 1 to 2^24 (16777216) elements, not {}{}", spelling(),
                                    stmt_.operands[0].text,
                                    stmt_.operands[0].kind == Operand::Kind::Ref ? " = " + size_text(*size) : ""));
    }
    return std::nullopt;
  }

  /// The size's value "as soon as it is known" (spec §4): an i32 literal, or a name defined as an
  /// i32 constant expression. An i32 literal beyond i32 is known to be out of range on its own.
  std::optional<int64_t> known_size() const {
    const Operand& size = stmt_.operands[0];
    if (size.kind == Operand::Kind::Literal && size.literal.dtype == DType::I32) {
      if (size.literal_overflow) return size.text[0] == '-' ? int64_t{INT32_MIN} - 1 : int64_t{INT32_MAX} + 1;
      return size.literal.as_i32();
    }
    const Facts& f = facts_[0];
    if (f.def && f.kind == Kind::Value && f.dtype == DType::I32 && f.constant) return f.constant->as_i32();
    return std::nullopt;
  }
  static std::string size_text(int64_t size) {
    if (size > INT32_MAX) return "beyond i32";
    if (size < INT32_MIN) return "below i32";
    return std::to_string(size);
  }

  // --- E-FUNC-BODY: a body holds value ops and one final ret (its missing ret: validate.cc) ---
  std::optional<Error> func_body() const {
    if (place_.func_index < 0 || stmt_.op == Op::Param) return std::nullopt;
    if (place_.after_ret)
      return error_at_statement(Rule::FuncBody, stmt_.op == Op::Ret ? "a second ret" : "a statement after ret");
    if (!op_info(stmt_.op).week1_value && stmt_.op != Op::Ret)
      return Error{Rule::FuncBody, stmt_.line, stmt_.op_column, static_cast<int>(spelling().size()),
                   rule_message(Rule::FuncBody, fmt::format("{} is not a value op: a body may hold only "
                                                            "value ops, calls and its ret", spelling()))};
    return std::nullopt;
  }

  // --- E-LITERAL ---
  std::optional<Error> literal() const {
    for (const Operand& operand : stmt_.operands)
      if (operand.kind == Operand::Kind::Literal && operand.literal_overflow)
        return error_at(Rule::Literal, operand, operand.text + " is outside -2147483648 .. 2147483647");
    return std::nullopt;
  }

  // --- E-REDEFINED: names and parameters (functions: validate.cc, at their header), slots ---
  std::optional<Error> redefined() const {
    if (stmt_.redefines) {
      int first_line = first_definition_line(block_, index_, stmt_.name);
      std::string what = stmt_.op == Op::Param ? "parameter" : "name";
      return Error{Rule::Redefined, stmt_.line, stmt_.column, static_cast<int>(stmt_.name.size()),
                   rule_message(Rule::Redefined, fmt::format("the {} {} is already defined on line {}", what,
                                                             stmt_.name, first_line))};
    }
    if (stmt_.redefined_slot_of >= 0 && stmt_.redefined_slot_of < index_) {
      const Stmt& first = block_[stmt_.redefined_slot_of];
      std::string attr = fmt::format("slot={}", stmt_.slot);
      return Error{Rule::Redefined, stmt_.line, column_of(program_, stmt_.line, attr, stmt_.op_column),
                   static_cast<int>(attr.size()),
                   rule_message(Rule::Redefined, fmt::format("slot {} is already the slot of {} on line {}",
                                                             stmt_.slot, first.name, first.line))};
    }
    return std::nullopt;
  }

  // --- E-UNDEFINED ---
  std::optional<Error> undefined() const {
    for (const Operand& operand : stmt_.operands) {
      if (operand.kind == Operand::Kind::Ref && !defined(operand)) {
        std::string where = place_.func_index < 0 ? "before this line"
                                                  : "in this function before this line (a body sees only its own names)";
        return error_at(Rule::Undefined, operand, fmt::format("{} is not defined {}", operand.text, where));
      }
      if (operand.kind == Operand::Kind::Func && operand.ref < 0)
        return error_at(Rule::Undefined, operand,
                        fmt::format("{} is not a function defined before this line (a function cannot call "
                                    "itself or a later one)", operand.text));
    }
    return std::nullopt;
  }

  // --- E-TYPE (spec §2 and the op tables of §3, §4, §5) ---
  std::optional<Error> need_value(size_t k, unsigned dtypes) const {
    const Facts& f = facts_[k];
    if (f.kind != Kind::Value || !in_set(f.dtype, dtypes))
      return error_at(Rule::Type, *f.operand, fmt::format("{} needs {} here, and {}", spelling(), set_name(dtypes), what_it_is(f)));
    return std::nullopt;
  }
  std::optional<Error> need_same_dtype(size_t k, size_t like) const {
    if (facts_[k].dtype != facts_[like].dtype)
      return error_at(Rule::Type, *facts_[k].operand,
                      fmt::format("{} needs operands of one dtype: {} is {}, {} is {}", spelling(),
                                  facts_[like].operand->text, dtype_name(facts_[like].dtype),
                                  facts_[k].operand->text, dtype_name(facts_[k].dtype)));
    return std::nullopt;
  }
  /// A one-element view, as load and store need.
  std::optional<Error> need_element_view(size_t k) const {
    const Facts& f = facts_[k];
    if (f.kind == Kind::Memory)
      return error_at(Rule::Type, *f.operand, fmt::format("{} needs a one-element view, and {}: shrink it first "
                                                          "(shape=[])", spelling(), what_it_is(f)));
    if (f.kind != Kind::View) return error_at(Rule::Type, *f.operand, fmt::format("{} needs a one-element view, and {}", spelling(), what_it_is(f)));
    if (f.def->length != 1)
      return error_at(Rule::Type, *f.operand, fmt::format("{} needs a one-element view, and {} has {} elements",
                                                          spelling(), f.operand->text, f.def->length));
    return std::nullopt;
  }
  std::optional<Error> need_memory(size_t k, bool or_view) const {
    const Facts& f = facts_[k];
    if (f.kind == Kind::Memory || (or_view && f.kind == Kind::View)) return std::nullopt;
    return error_at(Rule::Type, *f.operand, fmt::format("{} needs {}, and {}", spelling(),
                                                        or_view ? "memory or a view" : "memory (a buffer, alloc or after)",
                                                        what_it_is(f)));
  }

  /// Each operand against its role in ops.def, in operand order; then the dtype pairing; then what
  /// memory may hold.
  std::optional<Error> types() const {
    const OpInfo& info = op_info(stmt_.op);
    for (size_t k = 0; k < facts_.size(); ++k)
      if (std::optional<Error> e = check_role(operand_role(info, k, facts_.size()), k)) return e;
    if (info.same_dtype >= 0) return need_same_dtype(info.same_dtype, info.like);
    if (info.result == Kind::Memory && stmt_.dtype_attr == DType::Bool) {
      int column = column_of(program_, stmt_.line, "dtype=", stmt_.op_column);
      return Error{Rule::Type, stmt_.line, column, 10,
                   rule_message(Rule::Type, fmt::format("a {} holds i32 or f32, not bool", spelling()))};
    }
    return std::nullopt;
  }

  std::optional<Error> check_role(OperandRole role, size_t k) const {
    const Facts& f = facts_[k];
    const Operand& operand = stmt_.operands[k];
    std::optional<Error> e;
    switch (role) {
      case OperandRole::None:
      case OperandRole::Function: return std::nullopt;  // @f: E-UNDEFINED and E-SYNTAX checked it
      case OperandRole::AnyValue:
      case OperandRole::Literal: return need_value(k, kAnyValue);
      case OperandRole::I32: return need_value(k, kI32);
      case OperandRole::F32: return need_value(k, kF32);
      case OperandRole::Bool: return need_value(k, kBool);
      case OperandRole::Numeric: return need_value(k, kNumeric);
      case OperandRole::Size: return size_type(k);
      case OperandRole::Memory: return need_memory(k, false);
      case OperandRole::MemoryOrView: return need_memory(k, true);
      case OperandRole::ElementView: return need_element_view(k);
      case OperandRole::Stored:
        if ((e = need_value(k, kAnyValue))) return e;
        if (f.dtype != facts_[0].dtype)
          return error_at(Rule::Type, operand, fmt::format("{} holds {} elements, and {}", stmt_.operands[0].text,
                                                           dtype_name(facts_[0].dtype), what_it_is(f)));
        return std::nullopt;
      case OperandRole::Effect:
        if (f.kind != Kind::Effect)
          return error_at(Rule::Type, operand, fmt::format("after needs an effect (a store or end), and {}", what_it_is(f)));
        return std::nullopt;
      case OperandRole::LoopEffect:
        if (f.kind != Kind::Effect)
          return error_at(Rule::Type, operand, fmt::format("end needs effects (stores or ends) before its range, and {}", what_it_is(f)));
        return std::nullopt;
      case OperandRole::ClosedRange:
        if (!f.def || f.def->op != Op::Range)
          return error_at(Rule::Type, operand, fmt::format("end's last operand must be a range, and {}", what_it_is(f)));
        return std::nullopt;
      case OperandRole::Argument: {
        const Function& func = program_.funcs[stmt_.operands[0].ref];
        DType param = *func.body[k - 1].dtype_attr;
        if (f.kind != Kind::Value || f.dtype != param)
          return error_at(Rule::Type, operand, fmt::format("{}'s parameter {} is {}, and {}", func.name,
                                                           func.body[k - 1].name, dtype_name(param), what_it_is(f)));
        return std::nullopt;
      }
      case OperandRole::Returned: {
        if (place_.func_index < 0) return std::nullopt;  // the parser refuses a top-level ret
        DType ret = program_.funcs[place_.func_index].ret;
        if ((e = need_value(k, kAnyValue))) return e;
        if (f.dtype != ret)
          return error_at(Rule::Type, operand, fmt::format("the function returns {}, and {}", dtype_name(ret), what_it_is(f)));
        return std::nullopt;
      }
    }
    return std::nullopt;
  }

  /// A size is an i32 constant expression (with open ranges it is E-OPEN-RANGE instead, spec §4).
  std::optional<Error> size_type(size_t k) const {
    if (std::optional<Error> e = need_value(k, kI32)) return e;
    if (!facts_[k].constant && open_ranges_of(facts_[k]).empty())
      return error_at(Rule::Type, stmt_.operands[k], fmt::format("a {} size must be a constant expression (literals "
                                                                 "and value ops, no loads), and {} is not one",
                                                                 spelling(), stmt_.operands[k].text));
    return std::nullopt;
  }

  // --- E-OPEN-RANGE: asserts, calls, sizes and range bounds are outside every loop (spec §5.1) ---
  std::optional<Error> open_range() const {
    const char* role = op_info(stmt_.op).outside_loops;
    if (!role) return std::nullopt;
    if (!place_.variant->checks_statement(Rule::OpenRange, stmt_.op)) return std::nullopt;
    for (size_t k = 0; k < facts_.size(); ++k) {  // @f has no open ranges
      const RangeSet& open = open_ranges_of(facts_[k]);
      if (open.empty()) continue;
      const Operand& operand = stmt_.operands[k];
      std::string why = open.front() == operand.ref ? fmt::format("{} is a range", operand.text)
                                                    : fmt::format("{} depends on range {}", operand.text,
                                                                  block_[open.front()].name);
      return error_at(Rule::OpenRange, operand, fmt::format("{} must not depend on an open range, and {}", role, why));
    }
    return std::nullopt;
  }

  Program& program_;
  StatementPlace place_;
  std::vector<Stmt>& block_;
  int index_;
  const Stmt& stmt_;
  std::array<Facts, 3> few_facts_;
  std::vector<Facts> many_facts_;
  std::span<Facts> facts_;  // one per operand, in few_facts_ or many_facts_
};

}  // namespace

std::string rule_message(Rule rule, const std::string& detail) {
  return fmt::format("{}: {}", rule_info(rule).message, detail);
}

Error operand_error(Rule rule, const Stmt& stmt, const Operand& operand, const std::string& detail) {
  return {rule, stmt.line, operand.column, static_cast<int>(operand.text.size()), rule_message(rule, detail)};
}

int column_of(const Program& program, int line, std::string_view needle, int from_column) {
  if (line < 1 || line > static_cast<int>(program.lines.size())) return 0;
  size_t at = program.lines[line - 1].find(needle, std::max(0, from_column - 1));
  return at == std::string::npos ? 0 : static_cast<int>(at) + 1;
}

std::optional<Error> typecheck_statement(Program& program, StatementPlace place, int index) {
  return StatementChecker(program, place, index).check();
}

}  // namespace uir
