// compile_or_report(): what every `uir-oracle` command does first. A valid program comes back
// compiled and nothing is written; an invalid one writes the spec §1 message (with the source
// line and caret) and comes back empty; the mutants given are the ones it is compiled with.
#include <sstream>

#include <gtest/gtest.h>

#include "oracle/cli.h"
#include "oracle/linearize_testing.h"
#include "oracle/mutant_variant.h"

namespace uir {
namespace {

using testing::kSkipsTheMiddleLoops;

TEST(CliCompileOrReport, AValidProgramComesBackCompiledAndNothingIsWritten) {
  std::ostringstream err;
  std::optional<Compiled> compiled = compile_or_report({"dir/ok.uir", std::string(kSkipsTheMiddleLoops)}, err);
  ASSERT_TRUE(compiled.has_value()) << err.str();
  EXPECT_EQ(err.str(), "");
  EXPECT_FALSE(compiled->error.has_value());
  EXPECT_EQ(compiled->program.path, "dir/ok.uir");
  EXPECT_EQ(compiled->program.stmts.size(), 14u);
  EXPECT_FALSE(compiled->linear.items.empty());  // linearized too: run and render need the order
}

TEST(CliCompileOrReport, AnInvalidProgramIsReportedWithItsLineAndCaretAndComesBackEmpty) {
  std::ostringstream err;
  std::optional<Compiled> compiled =
      compile_or_report({"p.uir", "%x = const 1\n%y = add %x %nowhere\n"}, err);
  EXPECT_FALSE(compiled.has_value());
  // Spec §1: PROG:LINE: error: RULE: message, then the source line and a caret under the culprit.
  const std::string text = err.str();
  EXPECT_EQ(text.rfind("p.uir:2: error: E-UNDEFINED: ", 0), 0u) << text;
  EXPECT_NE(text.find("\n%y = add %x %nowhere\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\n" + std::string(12, ' ') + "^"), std::string::npos) << text;  // column 13: %nowhere
  EXPECT_EQ(text.back(), '\n');
}

TEST(CliCompileOrReport, TheMutantsGivenAreTheOnesItCompilesWith) {
  std::ostringstream oracle_err, mutant_err;
  const ProgramFile file{"t.uir", std::string(kSkipsTheMiddleLoops)};
  EXPECT_TRUE(compile_or_report(file, oracle_err).has_value()) << oracle_err.str();
  std::optional<Compiled> mutant =
      compile_or_report(file, mutant_err, mutant_variant(Mutants::of(Mutant::ExactScope)));
  EXPECT_FALSE(mutant.has_value());
  EXPECT_EQ(mutant_err.str().rfind("t.uir:5: error: E-NEST: can't schedule", 0), 0u) << mutant_err.str();
}

}  // namespace
}  // namespace uir
