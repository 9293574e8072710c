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
/// An X-macro, so that the executor's table of handlers follows this order by construction.
#define UIR_BYTECODES(X)                                                                         \
  X(AddI32) X(AddF32) X(MulI32) X(MulF32) X(MaxI32) X(MaxF32) X(Idiv) X(Mod)                     \
  X(LtI32) X(LtF32) X(NeBits) X(NeF32) X(EqBits) X(EqF32)                                        \
  X(Where)                                                                                       \
  X(I32ToF32) X(F32ToI32) X(BoolToF32) X(I32ToBool) X(F32ToBool)                                 \
  X(Exp2) X(Log2) X(Sqrt) X(Recip)                                                               \
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
#define UIR_BYTECODE_ENUM(name) name,
  UIR_BYTECODES(UIR_BYTECODE_ENUM)
#undef UIR_BYTECODE_ENUM
};

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
