// The mutant interpreter with no mutant on is the oracle: on every valid suite program it gives the
// fast runner's exit code, assert line and buffers bit for bit (so a mutant's difference is the
// mutant's, not the interpreter's). And what it refuses to trust: an out-of-bounds access, a
// division by zero and a loop that never ends stop it like a crashing program.
#include "mutation/mutant_run.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "mutation/catalogue_variant.h"
#include "oracle/c_toolchain_testing.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

using uir::Compiled;
using uir::DType;
using uir::Program;
using uir::RunResult;
using uir::SlotData;
using uir::SlotSpec;

/// Deterministic data for every buffer: small values of both signs (and 0), so that loops, divisions
/// and comparisons take different paths.
std::vector<SlotData> data_for(const Program& program) {
  std::vector<SlotData> out;
  for (const SlotSpec& spec : uir::slot_specs(program)) {
    SlotData d{spec.slot, spec.dtype, {}};
    for (int32_t k = 0; k < spec.length; ++k) {
      int32_t v = (k * 7 + spec.slot * 3) % 11 - 4;
      d.words.push_back(spec.dtype == DType::F32 ? std::bit_cast<uint32_t>(static_cast<float>(v) * 0.37f)
                                                 : static_cast<uint32_t>(v));
    }
    out.push_back(std::move(d));
  }
  return out;
}

TEST(MutantRun, WithoutMutantsItIsTheOracleOnEverySuiteProgram) {
  int compared = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(UIRGRADE_SOURCE_DIR) + "/suites")) {
    if (entry.path().extension() != ".uir") continue;
    Compiled compiled = uir::compile(entry.path().string(), uir::testing::read_text_file(entry.path()));
    if (compiled.error) continue;
    std::vector<SlotData> data = data_for(compiled.program);
    RunResult fast = uir::run(compiled, data);
    RunResult slow = run_with_mutants(compiled, data, {});
    SCOPED_TRACE(entry.path().string());
    EXPECT_EQ(slow.crash, "");
    EXPECT_EQ(slow.exit_code, fast.exit_code);
    EXPECT_EQ(slow.failed_assert_line, fast.failed_assert_line);
    ASSERT_EQ(slow.buffers.size(), fast.buffers.size());
    for (size_t b = 0; b < fast.buffers.size(); ++b) EXPECT_EQ(slow.buffers[b].words, fast.buffers[b].words) << b;
    ++compared;
  }
  EXPECT_GT(compared, 60);
}

RunResult run_mutated(const std::string& text, Mutants mutants, std::vector<SlotData> data) {
  Compiled compiled = uir::compile("t.uir", text, mutant_variant(mutants));
  EXPECT_FALSE(compiled.error.has_value());
  return run_with_mutants(compiled, data, mutants);
}

TEST(MutantRun, AnOutOfBoundsAccessIsACrashNotACorruption) {
  // With E-BOUNDS skipped, b[4] of a 4-element buffer is accepted; running it must stop, not write.
  RunResult r = run_mutated("%b = buffer 4 dtype=i32 slot=0\n%v = shrink %b 4 shape=[]\n%s = store %v 1\n"
                            "%b1 = after %b %s\n",
                            Mutants::of(Mutant::SkipBounds), {{0, DType::I32, {0, 0, 0, 0}}});
  EXPECT_EQ(r.exit_code, kMutantCrashExit);
  EXPECT_NE(r.crash.find("out of bounds"), std::string::npos) << r.crash;
}

TEST(MutantRun, DivisionByZeroIsACrash) {
  RunResult r = run_mutated("%b = buffer 1 dtype=i32 slot=0\n%v = shrink %b 0 shape=[]\n%x = load %v\n"
                            "%q = idiv 7 %x\n%s = store %v %q\n%b1 = after %b %s\n",
                            Mutants::of(Mutant::SkipDivZero), {{0, DType::I32, {0}}});
  EXPECT_EQ(r.exit_code, kMutantCrashExit);
  EXPECT_NE(r.crash.find("division by zero"), std::string::npos) << r.crash;
}

TEST(MutantRun, ALoopThatNeverEndsRunsOutOfSteps) {
  // bound-inside-loop re-reads n[0] each iteration, and the body keeps it one ahead of the counter.
  RunResult r = run_mutated("%n = buffer 1 dtype=i32 slot=0\n%v = shrink %n 0 shape=[]\n%c = load %v\n"
                            "%i = range %c\n%i1 = add %i 2\n%s = store %v %i1\n%e = end %s %i\n%n1 = after %n %e\n",
                            Mutants::of(Mutant::BoundInsideLoop), {{0, DType::I32, {1}}});
  EXPECT_EQ(r.exit_code, kMutantHangExit);
}

}  // namespace
}  // namespace uirgrade
