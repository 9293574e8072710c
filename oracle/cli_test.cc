// compile_or_report(): what every `uir-oracle` command does first. A valid program comes back
// compiled and nothing is written; an invalid one writes the spec §1 message (with the source
// line and caret) and comes back empty; the variant given is the one it is compiled with. And
// cli_command_on_file(), what a tool does once its arguments are checked: a file it cannot read is
// reported, one it can is given to the command.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "oracle/cli.h"
#include "oracle/linearize_testing.h"

namespace uir {
namespace {

using testing::kSkipsTheMiddleLoops;

constexpr std::string_view kDividesByZero = "%x = add 1 2\n%y = idiv %x 0\n";

struct NoDivZeroCheck : OracleVariant {
  bool checks_statement(Rule rule, Op op) const override {
    return rule != Rule::DivZero && OracleVariant::checks_statement(rule, op);
  }
};

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

TEST(CliCompileOrReport, TheVariantGivenIsTheOneItCompilesWith) {
  std::ostringstream oracle_err, variant_err;
  const ProgramFile file{"t.uir", std::string(kDividesByZero)};
  EXPECT_FALSE(compile_or_report(file, oracle_err).has_value());
  EXPECT_EQ(oracle_err.str().rfind("t.uir:2: error: E-DIV-ZERO: ", 0), 0u) << oracle_err.str();
  NoDivZeroCheck variant;
  EXPECT_TRUE(compile_or_report(file, variant_err, variant).has_value()) << variant_err.str();
  EXPECT_EQ(variant_err.str(), "");
}

TEST(CliCommandOnFile, AFileThatCannotBeReadIsReportedAndNoCommandRuns) {
  std::istringstream in;
  std::ostringstream out, err;
  EXPECT_EQ(cli_command_on_file("check", "/nonexistent/p.uir", in, out, err), kExitInvalid);
  EXPECT_EQ(out.str(), "");
  EXPECT_EQ(err.str(), "/nonexistent/p.uir: error: cannot read program: No such file or directory\n");
  std::ostringstream dir_err;
  EXPECT_EQ(cli_command_on_file("check", ::testing::TempDir(), in, out, dir_err), kExitInvalid);
  EXPECT_NE(dir_err.str().find("is a directory, not a .uir file"), std::string::npos) << dir_err.str();
}

TEST(CliCommandOnFile, TheCommandRunsOnTheFileWithTheVariantGiven) {
  const std::string path = ::testing::TempDir() + "/cli_command_on_file.uir";
  std::ofstream(path) << kDividesByZero;
  std::istringstream in;
  std::ostringstream oracle_out, oracle_err;
  EXPECT_EQ(cli_command_on_file("check", path, in, oracle_out, oracle_err), kExitInvalid);
  EXPECT_NE(oracle_err.str().find("E-DIV-ZERO"), std::string::npos) << oracle_err.str();
  std::ostringstream variant_out, variant_err;
  EXPECT_EQ(cli_command_on_file("check", path, in, variant_out, variant_err, NoDivZeroCheck()), kExitOk)
      << variant_err.str();
  EXPECT_EQ(variant_out.str(), path + ": valid\n");
  // The driver prints the C main of a valid program.
  const std::string valid = ::testing::TempDir() + "/cli_command_on_file_valid.uir";
  std::ofstream(valid) << kSkipsTheMiddleLoops;
  std::ostringstream driver_out, driver_err;
  EXPECT_EQ(cli_command_on_file("driver", valid, in, driver_out, driver_err), kExitOk) << driver_err.str();
  EXPECT_NE(driver_out.str().find("int main("), std::string::npos) << driver_out.str();
}

}  // namespace
}  // namespace uir
