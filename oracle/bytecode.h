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
enum class Code : uint8_t {
  AddI32, AddF32, MulI32, MulF32, MaxI32, MaxF32, Idiv, Mod,
  LtI32, LtF32, NeBits, NeF32, EqBits, EqF32,
  Where,
  Copy,  // casts that keep the bit pattern: to its own type, bool -> i32
  I32ToF32, F32ToI32, BoolToF32, I32ToBool, F32ToBool,
  Exp2, Log2, Sqrt, Recip,
  Call,       // a = index into Bytecode::calls
  Shrink,     // dst = a + b: a view's offset is its parent's plus its own (memory has offset 0)
  Load,       // dst = memory a [offset in register b]
  Store,      // memory a [offset in register b] = register c
  Assert,     // register a false: remember line b if no earlier line failed
  LoopOpen,   // dst = 0; if bound register a <= 0 jump to b (past the matching LoopClose)
  LoopClose,  // ++counter register a; if it is below bound register b jump to c (the body's start)
  Halt,
};

struct Instr {
  Code code = Code::Halt;
  uint32_t dst = 0;
  uint32_t a = 0;
  uint32_t b = 0;
  uint32_t c = 0;
};

/// A buffer or alloc: where its words live while the program runs.
struct MemoryInfo {
  int32_t stmt = -1;  // the buffer or alloc statement
  int32_t slot = -1;  // buffers only
  DType dtype = DType::I32;
  int32_t length = 0;
};

/// A top-level call that is not a constant expression: evaluated once, where it is placed.
struct CallSite {
  int32_t stmt = -1;
  int32_t function = -1;           // index into Program::funcs
  std::vector<uint32_t> arg_registers;
};

struct Bytecode {
  std::vector<Instr> code;                // ends with Halt
  std::vector<uint32_t> registers;        // initial register file: constants and literals filled in
  std::vector<MemoryInfo> memories;
  std::vector<CallSite> calls;
};

/// Translates the placed statements of a valid program, in order. Register k < stmts.size() holds
/// statement k's value (a view's offset; 0 for memory); literal operands get registers after those.
Bytecode compile_bytecode(const Program& program, const Linear& linear);

}  // namespace uir
