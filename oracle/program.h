// The one core type every stage shares: a Program of statements indexed by position.
//
// The parser fills the syntactic fields (op, name, operands, attributes, line and columns); the
// validator fills the analysed fields (kind, dtype, length, open ranges, constant value, interval);
// the linearizer and runner read both. Operands refer to earlier statements of the same block by
// index, so every stage walks plain vectors, never maps of names.
#pragma once

#include <bit>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/range_set.h"

namespace uir {

enum AttrMask : unsigned { ATTR_DTYPE = 1, ATTR_SLOT = 2, ATTR_SHAPE = 4 };

enum class Op : uint8_t {
#define UIR_OP(name, ...) name,
#include "oracle/ops.def"
#undef UIR_OP
};

/// Element types. Void is the dtype of effects (store, end) and of statements with no result.
enum class DType : uint8_t { I32, F32, Bool, Void };
std::string_view dtype_name(DType t);  // "i32", "f32", "bool", "void"
std::optional<DType> dtype_from_name(std::string_view word);

/// What a statement's result is (spec §2).
enum class Kind : uint8_t {
  None,    // assert, ret: no result
  Value,   // i32 / f32 / bool
  Effect,  // store, end
  Memory,  // buffer, alloc, after: a version of a buffer or alloc
  View,    // shrink: a window of `length` elements
};

/// What an operand must be (spec §2 and the op tables of §3, §4, §5): the type rules' input.
enum class OperandRole : uint8_t {
  None,          // no operand in this position
  AnyValue,      // a value of any dtype
  Literal,       // a literal of any dtype, never a name (const; the parser checks it: E-SYNTAX)
  I32, F32, Bool,
  Numeric,       // an i32 or f32 value
  Size,          // an i32 constant expression (buffer and alloc sizes)
  Memory,        // a buffer, alloc or after
  MemoryOrView,  // memory, or a view to narrow further
  ElementView,   // a one-element view (load, store)
  Stored,        // a value of the element dtype of operand 0's view (store)
  Effect,        // a store or end (after)
  LoopEffect,    // a store or end made in the loop an `end` closes
  ClosedRange,   // the range an `end` closes
  Function,      // @f
  Argument,      // a value of the dtype of the callee's parameter in its place
  Returned,      // a value of the enclosing function's return dtype
};

/// Where a result's dtype comes from.
enum class DTypeFrom : uint8_t { Void, Operand0, Operand1, Bool, I32, Attr, CalleeReturn };

/// How a value op computes its result from its operands' values (ops.def's shape column). Each
/// evaluator (scalar_ops.cc, intervals.cc, bytecode.cc and run.cc, mutation/mutant_run.cc) has one
/// piece of code per shape, and the op's own arithmetic comes from the functions its fn column
/// names (oracle/value_ops.h), so a new op of an existing shape is one row of the table.
enum class Shape : uint8_t {
  Own,       // not computed from its operands' values alone: memory, loops, call, assert, ret, param
  Literal,   // const: its literal
  Arith,     // i32 or f32 operands of one dtype, a result of that dtype: add, mul, max
  IntDiv,    // i32 only, a divisor the validator proved non-zero: idiv, mod
  Compare,   // operands of one dtype (bool compares as 0/1), a bool result
  Select,    // where: operand 1 if operand 0, else operand 2
  Cast,      // cast: to the dtype attribute
  F32Unary,  // one f32 operand, an f32 result
};

/// One row of the op table (oracle/ops.def; its header explains each column).
struct OpInfo {
  Op op;
  Shape shape;
  std::string_view spelling;
  int min_operands;
  int max_operands;  // -1: variadic
  unsigned attrs;    // AttrMask bits
  bool named;
  int week;
  Kind result;
  DTypeFrom dtype_from;
  bool week1_value;
  OperandRole roles[3];
  int same_dtype, like;      // operand same_dtype has the dtype of operand like; -1: no such rule
  const char* outside_loops; // E-OPEN-RANGE's name for the operands, or nullptr
  const char* c_expr;        // C over {0} {1} {2}, or nullptr
  const char* c_i32_expr;    // C when the result is i32, or nullptr (then c_expr)
  uint32_t own_rules;        // bits 1 << Rule (oracle/error.h): the op's own rules, checked by op_rules.cc
};
const OpInfo& op_info(Op op);
/// The op spelled `word`, or nullopt (Param has no spelling and is never found).
std::optional<Op> op_from_spelling(std::string_view word);
/// Every op of the table, in table order.
const std::vector<OpInfo>& op_table();
/// The role of operand `k` of `count`: roles[k]; for a variadic op roles[0] for the first,
/// roles[2] for the last, roles[1] for every one between.
OperandRole operand_role(const OpInfo& info, size_t k, size_t count);

/// A scalar of one dtype, kept as its 32-bit pattern so i32, f32 and bool share one representation.
struct Scalar {
  DType dtype = DType::I32;
  uint32_t bits = 0;

  static Scalar i32(int32_t v) { return {DType::I32, static_cast<uint32_t>(v)}; }
  static Scalar f32(float v) { return {DType::F32, std::bit_cast<uint32_t>(v)}; }
  static Scalar boolean(bool v) { return {DType::Bool, v ? 1u : 0u}; }
  int32_t as_i32() const { return static_cast<int32_t>(bits); }
  float as_f32() const { return std::bit_cast<float>(bits); }
  bool as_bool() const { return bits != 0; }
};

/// An i32 interval [lo, hi] (spec §4.3). Bool and f32 values have none.
struct Interval {
  int32_t lo = INT32_MIN;
  int32_t hi = INT32_MAX;
  bool operator==(const Interval&) const = default;
};

struct Operand {
  enum class Kind : uint8_t {
    Ref,      // a %name: `ref` is the defining statement's index in the same block (-1: undefined)
    Literal,  // a literal: `literal` holds it (when `literal_overflow`, an i32 literal outside i32)
    Func,     // @fname, first operand of `call`: `ref` is the function's index (-1: undefined)
  };
  // (Fields ordered by size, so that no padding is left between them: a large program holds
  // millions of operands and statements, and their memory is what a large parse costs; issue 11.)
  std::string text;               // as written: "%x", "3.0", "@f"
  int32_t ref = -1;
  int column = 0;                 // 1-based column of the token, for the caret
  Scalar literal;
  Kind kind = Kind::Ref;
  bool literal_overflow = false;  // E-LITERAL
};

struct Stmt {
  // --- filled by the parser --- (ordered by size, as Operand's fields)
  std::string name;  // "%x"; empty for assert and ret
  std::vector<Operand> operands;
  int line = 0;      // physical line in the file, from 1
  int column = 0;    // 1-based column where the statement starts (its name, or its op)
  int op_column = 0; // 1-based column of the op word
  int32_t slot = -1;                // slot= (0..63; the parser refuses others)
  int32_t shape = -1;               // shape=: number of elements (1 for `[]`), -1 when absent
  int redefined_slot_of = -1;       // for buffers: index of an earlier buffer with the same slot
  std::optional<DType> dtype_attr;  // dtype=
  Op op = Op::Const;
  bool redefines = false;           // E-REDEFINED: the name was defined before in this block

  // --- filled by the validator ---
  RangeSet open_ranges;              // the range statements still open here (oracle/range_set.h)
  int32_t length = 0;                // memory and views: number of elements
  int32_t memory_root = -1;          // memory/views/loads/stores: the buffer or alloc statement
  int32_t version = -1;              // views, loads, stores: the memory version they name
                                     // (buffer, alloc, after: their own index)
  std::optional<Scalar> constant;    // set when a constant expression (spec §4)
  std::optional<Interval> interval;  // every i32 value (spec §4.3: [v, v] for a constant), nothing else
  Kind kind = Kind::None;
  DType dtype = DType::Void;         // the value's dtype; for memory and views the element dtype
};

/// A function: its own small program. body[0 .. num_params) are Param statements (line = the
/// header's line); the last statement of a well-formed body is `ret`.
struct Function {
  std::string name;  // "@f"
  int line = 0;      // the `func` header
  int close_line = 0;  // the `}` line (0 when the parser stopped before it)
  int column = 0;
  DType ret = DType::Void;
  int num_params = 0;
  std::vector<Stmt> body;
  bool redefines = false;  // E-REDEFINED: a function of this name came before
};

/// A parsed file. `funcs` and `stmts` are each in file order; together they interleave by line.
struct Program {
  std::string path;  // as given on the command line (for messages)
  /// The parsed text, which copies of the program share: `lines` are views into it, so a large
  /// file costs one copy of its text and no allocation per line.
  std::shared_ptr<const std::string> source;
  std::vector<std::string_view> lines;  // the source lines without line ends, for carets
  std::vector<Function> funcs;
  std::vector<Stmt> stmts;  // top-level statements

  /// Indices of the top-level `buffer` statements in increasing slot order.
  std::vector<int> buffers_by_slot() const;
};

}  // namespace uir
