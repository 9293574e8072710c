// The runner's compact form of a linearized program: a flat instruction array over numbered
// registers, so that `run` is one tight dispatch loop (oracle/run.cc), not a walk over statements.
#pragma once

#include <cstdint>
#include <vector>

#include "oracle/linearize.h"
#include "oracle/program.h"

namespace uir {

/// One instruction code per (op, dtype) pair that needs different machine work, so the executor
/// never looks at dtypes. Bool values are 0/1 words: i32 comparisons of their bits order false < true.
///
/// The value ops' codes come from the op table, by shape (UIR_VALUE_BYTECODES_<shape>(X, Enum)
/// calls X(Enum, code) for each code of op Enum), so a new op of an existing shape gets its codes and
/// its handlers (oracle/run.cc) from its row; the others are this stage's own (UIR_OWN_BYTECODES).
/// The executor's table of handlers is made from the same two lists, so it follows this order by
/// construction.
#define UIR_VALUE_BYTECODES_Own(X, Enum)
#define UIR_VALUE_BYTECODES_Literal(X, Enum)  // always folded to a constant
#define UIR_VALUE_BYTECODES_Arith(X, Enum) X(Enum, Enum##I32) X(Enum, Enum##F32)
#define UIR_VALUE_BYTECODES_IntDiv(X, Enum) X(Enum, Enum)
#define UIR_VALUE_BYTECODES_Compare(X, Enum) X(Enum, Enum##I32) X(Enum, Enum##F32)  // I32: i32 and bool
#define UIR_VALUE_BYTECODES_Select(X, Enum) X(Enum, Enum)
/// The casts that change the bits (the others keep their operand's register).
#define UIR_VALUE_BYTECODES_Cast(X, Enum) \
  X(Enum, I32ToF32) X(Enum, F32ToI32) X(Enum, BoolToF32) X(Enum, I32ToBool) X(Enum, F32ToBool)
#define UIR_VALUE_BYTECODES_F32Unary(X, Enum) X(Enum, Enum)

#define UIR_OWN_BYTECODES(X)                                                                     \
  X(Call)      /* a = index into Bytecode::calls */                                              \
  X(Shrink)    /* dst = a + b: a view of a view adds the offsets */                              \
  X(Load)      /* dst = memory a [offset in register b] */                                       \
  X(Store)     /* memory a [offset in register b] = register c */                                \
  X(AddLoad)   /* AddI32 into dst, then Load through it: register d = memory c [dst] */          \
  X(AddStore)  /* AddI32 into dst, then Store through it: memory c [dst] = register d */         \
  X(Assert)    /* register a false: remember line b if no earlier line failed */                 \
  X(LoopOpen)  /* dst = 0; if bound register a <= 0 jump to b (past the matching LoopClose) */    \
  X(LoopClose) /* ++counter register a; if it is below bound register b jump to c (the body) */  \
  X(Halt)

enum class Code : uint8_t {
#define UIR_VALUE_BYTECODE_ENUM(op, name) name,
#define UIR_OP(Enum, shape, fn, ...) UIR_VALUE_BYTECODES_##shape(UIR_VALUE_BYTECODE_ENUM, Enum)
#include "oracle/ops.def"
#undef UIR_OP
#undef UIR_VALUE_BYTECODE_ENUM
#define UIR_BYTECODE_ENUM(name) name,
  UIR_OWN_BYTECODES(UIR_BYTECODE_ENUM)
#undef UIR_BYTECODE_ENUM
};

/// The first code of value op `op` (its I32 form where it has an F32 one right after), or Halt for
/// an op with none.
constexpr Code first_code(Op op) {
  struct OpCode {
    Op op;
    Code code;
  };
  constexpr OpCode kCodes[] = {
#define UIR_VALUE_BYTECODE_PAIR(op, name) {Op::op, Code::name},
#define UIR_OP(Enum, shape, fn, ...) UIR_VALUE_BYTECODES_##shape(UIR_VALUE_BYTECODE_PAIR, Enum)
#include "oracle/ops.def"
#undef UIR_OP
#undef UIR_VALUE_BYTECODE_PAIR
  };
  for (const OpCode& entry : kCodes)
    if (entry.op == op) return entry.code;
  return Code::Halt;
}
/// The code of value op `op` whose operands are f32 (`f32`) or i32/bool, for shapes with both.
constexpr Code code_of(Op op, bool f32) {
  return static_cast<Code>(static_cast<uint8_t>(first_code(op)) + (f32 ? 1 : 0));
}
static_assert(code_of(Op::Add, true) == Code::AddF32 && code_of(Op::Cmplt, false) == Code::CmpltI32);

struct Instr {
  Code code = Code::Halt;
  uint32_t dst = 0;
  uint32_t a = 0;
  uint32_t b = 0;
  uint32_t c = 0;
  uint32_t d = 0;  // fused instructions only
};

/// A buffer or alloc: where its words live while the program runs.
struct MemoryInfo {
  int32_t stmt = -1;  // the buffer or alloc statement
  int32_t slot = -1;  // buffers only
  int32_t length = 0;
};

/// A top-level call that is not a constant expression: evaluated once, where it is placed.
struct CallSite {
  int32_t function = -1;           // index into Program::funcs
  std::vector<uint32_t> arg_registers;
};

struct Bytecode {
  std::vector<Instr> code;                // ends with Halt
  std::vector<uint32_t> registers;        // initial register file: constants and literals filled in
  std::vector<MemoryInfo> memories;
  std::vector<CallSite> calls;
};

/// Translates the placed statements of a valid program, in order. Registers 0 .. stmts.size()-1
/// belong to the statements (a view's value is its offset, memory's is 0); literal operands get
/// registers after those. A statement that only renames a value reads from its operand's register.
Bytecode compile_bytecode(const Program& program, const Linear& linear);

}  // namespace uir
