// The runner's instruction array: what costs an instruction and what does not. (Results are tested
// in run_test.cc; this guards the compact form the benchmark depends on.)
#include <algorithm>

#include <gtest/gtest.h>

#include "oracle/bytecode.h"
#include "oracle/run_programs_testing.h"

namespace uir {
namespace {

std::vector<Code> codes_of(const Bytecode& bytecode) {
  std::vector<Code> out;
  for (const Instr& instr : bytecode.code) out.push_back(instr.code);
  return out;
}

TEST(Bytecode, GemmInnerLoopIsSevenInstructionsAndItsClose) {
  Compiled compiled = compile_valid("gemm.uir", gemm_program(4, 3, 5));
  std::vector<Code> codes = codes_of(compile_bytecode(compiled.program, compiled.linear));
  // By hand from the program: the k loop loads %cur, computes A's and B's offsets and loads through
  // them (each add fused with its load), multiplies, adds and stores. The views and `after`s cost
  // nothing; %i3/%i5 and %o sit in the outer loops.
  std::vector<Code> inner = {Code::Load,  Code::AddLoad, Code::MulI32, Code::AddLoad,
                             Code::MulF32, Code::AddF32, Code::Store,  Code::LoopClose};
  auto k_open = std::find(codes.rbegin(), codes.rend(), Code::LoopOpen);  // the innermost opens last
  ASSERT_NE(k_open, codes.rend());
  std::vector<Code> body(k_open.base(), k_open.base() + inner.size());
  EXPECT_EQ(body, inner);
}

TEST(Bytecode, RenamesCostNoInstruction) {
  Compiled compiled = compile_valid("renames.uir",
                                    "%b = buffer 2 dtype=i32 slot=0\n"
                                    "%v = shrink %b 1 shape=[]\n"
                                    "%x = load %v\n"
                                    "%same = cast %x dtype=i32\n"
                                    "%w = shrink %b 0 shape=[]\n"
                                    "%s = store %w %same\n"
                                    "%b1 = after %b %s\n");
  EXPECT_EQ(codes_of(compile_bytecode(compiled.program, compiled.linear)),
            (std::vector<Code>{Code::Load, Code::Store, Code::Halt}));
}

TEST(Bytecode, ZeroTripJumpLandsPastTheLoop) {
  Compiled compiled = compile_valid_file("zero_trip.uir");
  Bytecode bytecode = compile_bytecode(compiled.program, compiled.linear);
  for (size_t k = 0; k < bytecode.code.size(); ++k) {
    if (bytecode.code[k].code != Code::LoopOpen) continue;
    size_t past = bytecode.code[k].b;
    ASSERT_GT(past, k);
    EXPECT_EQ(bytecode.code[past - 1].code, Code::LoopClose);
    EXPECT_EQ(bytecode.code[past - 1].c, k + 1);  // and the close jumps back to the body's start
  }
}

}  // namespace
}  // namespace uir
