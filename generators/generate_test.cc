// The generator's promises: every program is valid (the oracle's compile() finds no error), for
// every week and many seeds; the same seed gives the same text; the size knob changes sizes; week
// 3 programs do contain the constructs the week is about.
#include "generators/generate.h"

#include <gtest/gtest.h>

#include "oracle/oracle.h"
#include "oracle/print.h"

namespace uirgen {
namespace {

std::string describe(const uir::Compiled& compiled, const std::string& text) {
  if (!compiled.error) return "";
  return uir::format_error(compiled.program, *compiled.error) + "\n--- program ---\n" + text;
}

TEST(Generate, EveryProgramOfEveryWeekIsValid) {
  for (int week = 1; week <= 3; ++week) {
    for (uint64_t seed = 1; seed <= 300; ++seed) {
      GeneratedProgram generated = sample_program(week, seed, static_cast<int>(seed % 120));
      std::string text = program_text(generated);
      uir::Compiled compiled = uir::compile("gen.uir", text);
      ASSERT_FALSE(compiled.error) << "week " << week << " seed " << seed << ": " << describe(compiled, text);
    }
  }
}

}  // namespace
}  // namespace uirgen
