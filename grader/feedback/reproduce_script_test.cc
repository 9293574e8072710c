// reproduce.sh, run for real with sh: it must say "the same as the oracle" (exit 0) for exactly the
// outcomes the grader passes and name what differs (exit 1) for the others, comparing as spec §6.3
// says: exit code, then the checked slots (i32 exactly, f32 within the tolerance), then the failing
// assert's line or the rule. The students are shell scripts: the oracle's own CLI, the oracle with
// one value changed, or canned output.
#include "grader/feedback/reproduce_script.h"

#include <sys/stat.h>

#include <gtest/gtest.h>

#include "grader/render/c_compile.h"
#include "grader/feedback/keep.h"
#include "grader/feedback/reproduce.h"
#include "grader/shell_testing.h"
#include "oracle/c_toolchain_testing.h"
#include "testcase/case_headers.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

using uir::testing::ScratchDir;
using uir::testing::write_text_file;

const std::string kOracle = std::string(UIRGRADE_BINARY_DIR) + "/uir-oracle";

/// A student that is the oracle: the same as the oracle whatever the test.
const std::string kOracleStudent = "exec '" + kOracle + "' \"$@\"\n";

/// A student that is the oracle on its program with 100.0 changed to 99.0 (kTwoSlots' f32 store).
const std::string kStoresNinetyNine = "sed 's/100[.]0/99.0/' \"$2\" > changed.uir && exec '" + kOracle + "' \"$1\" changed.uir\n";

/// A student that prints `out` on stdout and `err` on stderr and exits `code`, whatever it is asked.
std::string canned_student(const std::string& out, const std::string& err, int code) {
  return "cat <<'OUT'\n" + out + "OUT\nprintf '%s\\n' '" + err + "' >&2\nexit " + std::to_string(code) + "\n";
}

TestCase test_from(const std::string& text) {
  auto parsed = parse_test_file("t.uir", text, "week3/t", "week3", 3);
  if (auto* error = std::get_if<SuiteError>(&parsed)) ADD_FAILURE() << format_suite_error(*error);
  return std::get_if<TestCase>(&parsed) ? std::get<TestCase>(parsed) : TestCase{};
}

/// A kept case as keep_case() writes it (prog.uir, data.txt, expected.txt and, for a render test,
/// driver.c and sanitizer_defaults.c), with `student_body` as the student, in a directory whose
/// name needs quoting.
class KeptCase {
 public:
  KeptCase(const TestCase& test, const std::string& student_body) : test_(test), dir_("reproduce_script") {
    auto expected = compute_expected(test, 1);
    if (auto* error = std::get_if<std::string>(&expected)) ADD_FAILURE() << *error;
    expected_ = std::get<Expected>(std::move(expected));
    case_dir_ = dir_.path() / "it's a case";
    std::filesystem::create_directories(case_dir_);
    write_text_file(case_dir_ / kProgramFile, test.source);
    write_text_file(case_dir_ / "data.txt", expected_.input_text);
    write_text_file(case_dir_ / "expected.txt",
                    expected_.exit_code == 2 ? uir::error_headline(kProgramFile, *expected_.compiled.error) + "\n"
                                             : uir::format_slot_data(expected_.run.buffers));
    if (test.mode == Mode::Render && expected_.exit_code != 2) {
      write_text_file(case_dir_ / "driver.c", uir::render_driver(expected_.specs, kProgramFile));
      write_text_file(case_dir_ / "sanitizer_defaults.c", sanitizer_defaults_c(0));
    }
    config_.student_path = (dir_.path() / "ann's compiler").string();
    write_text_file(config_.student_path, "#!/bin/sh\n" + student_body);
    ::chmod(config_.student_path.c_str(), 0755);
  }

  const Expected& expected() const { return expected_; }
  const std::filesystem::path& case_dir() const { return case_dir_; }

  /// Writes reproduce.sh with `title` and runs it from another directory.
  Shell reproduce(const std::string& title = "week3/t: wrong output") const {
    write_text_file(case_dir_ / "reproduce.sh", reproduce_script(test_, expected_, config_, title));
    return run_shell("cd / && sh " + shell_quote((case_dir_ / "reproduce.sh").string()));
  }

 private:
  TestCase test_;
  ScratchDir dir_;
  std::filesystem::path case_dir_;
  Expected expected_;
  GradeConfig config_;
};

// The oracle's output, worked out by hand: slot 0's element 1 becomes 7, slot 1's element 0 100.
constexpr const char* kTwoSlots =
    "# expect: exit 0\n"
    "# data 0: 1 2 3\n"
    "# data 1: 0.5 0.25\n"
    "%a = buffer 3 dtype=i32 slot=0\n"
    "%f = buffer 2 dtype=f32 slot=1\n"
    "%va = shrink %a 1 shape=[]\n"
    "%sa = store %va 7\n"
    "%a1 = after %a %sa\n"
    "%vf = shrink %f 0 shape=[]\n"
    "%sf = store %vf 100.0\n"
    "%f1 = after %f %sf\n";
constexpr const char* kTwoSlotsOutput = "0: 1 7 3\n1: 100 0.25\n";

/// reproduce.sh of `kept` says "the same as the oracle" with exit 0.
::testing::AssertionResult same_as_the_oracle(const KeptCase& kept) {
  Shell ran = kept.reproduce();
  if (ran.exit_code == 0 && ran.output.find("reproduce: the same as the oracle") != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "exit " << ran.exit_code << ":\n" << ran.output;
}

/// reproduce.sh of `kept` exits 1 and says `complaint`.
::testing::AssertionResult differs(const KeptCase& kept, std::string_view complaint) {
  Shell ran = kept.reproduce();
  if (ran.exit_code == 1 && ran.output.find(complaint) != std::string::npos &&
      ran.output.find("the same as the oracle") == std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "exit " << ran.exit_code << ", wanted 1 and '" << complaint << "':\n"
                                       << ran.output;
}

/// kTwoSlots with a student that prints `out` and exits 0.
KeptCase two_slots_printing(const std::string& out) { return KeptCase(test_from(kTwoSlots), canned_student(out, "", 0)); }

TEST(ReproduceScript, TheOracleAsTheStudentIsTheSameAsTheOracle) {
  KeptCase kept(test_from(kTwoSlots), kOracleStudent);
  ASSERT_EQ(uir::format_slot_data(kept.expected().run.buffers), kTwoSlotsOutput);
  EXPECT_TRUE(same_as_the_oracle(kept));
  EXPECT_EQ(slurp(kept.case_dir() / "reproduced.txt"), kTwoSlotsOutput);
  EXPECT_NE(kept.reproduce().output.find(" run prog.uir"), std::string::npos);  // it shows what it runs
}

TEST(ReproduceScript, AnI32ValueMustBeExact) {
  EXPECT_TRUE(differs(two_slots_printing("0: 1 8 3\n1: 100 0.25\n"), "reproduce: slot 0 [1]: expected 7, got 8"));
  // No tolerance, however small the difference.
  EXPECT_TRUE(differs(two_slots_printing("0: 1 7.0000001 3\n1: 100 0.25\n"),
                      "reproduce: slot 0 [1]: expected 7, got 7.0000001"));
}

TEST(ReproduceScript, AnF32ValueMayDifferByTheTolerance) {
  // atol + rtol * 100 = 1e-6 + 1e-3 (the defaults of spec §6.3).
  EXPECT_TRUE(same_as_the_oracle(two_slots_printing("0: 1 7 3\n1: 100.0009 0.25\n")));
  EXPECT_TRUE(differs(two_slots_printing("0: 1 7 3\n1: 100.0011 0.25\n"),
                      "reproduce: slot 1 [0]: expected 100, got 100.0011"));
  // NaN is within no tolerance of a number.
  EXPECT_TRUE(differs(two_slots_printing("0: 1 7 3\n1: nan 0.25\n"), "reproduce: slot 1 [0]: expected 100, got nan"));
}

TEST(ReproduceScript, OnlyTheCheckedSlotsCount) {
  std::string text = kTwoSlots;
  text.insert(0, "# check: 1\n");
  EXPECT_TRUE(same_as_the_oracle(KeptCase(test_from(text), canned_student("0: 9 9 9\n1: 100 0.25\n", "", 0))));
}

TEST(ReproduceScript, AMissingSlotOrAWrongCountIsNamed) {
  EXPECT_TRUE(differs(two_slots_printing("1: 100 0.25\n"), "reproduce: slot 0: missing from your output"));
  EXPECT_TRUE(differs(two_slots_printing("0: 1 7\n1: 100 0.25\n"), "reproduce: slot 0: 2 values, the oracle prints 3"));
}

TEST(ReproduceScript, TheExitCodeComesFirstWithTheStudentsStderr) {
  KeptCase kept(test_from(kTwoSlots), canned_student(kTwoSlotsOutput, "prog.uir:4: error: E-TYPE: no", 2));
  EXPECT_TRUE(differs(kept, "reproduce: exit 2, the oracle exits 0\nprog.uir:4: error: E-TYPE: no"));
}

constexpr const char* kFailingAssert =
    "# expect: exit 1\n"
    "# data 0: 4\n"
    "%a = buffer 1 dtype=i32 slot=0\n"
    "%no = cmpeq 1 2\n"
    "assert %no\n";  // line 5

TEST(ReproduceScript, AFailingAssertMustBeTheOraclesLine) {
  EXPECT_TRUE(same_as_the_oracle(KeptCase(test_from(kFailingAssert), kOracleStudent)));
  EXPECT_TRUE(differs(KeptCase(test_from(kFailingAssert), canned_student("0: 4\n", "prog.uir:3: assert failed", 1)),
                      "is not 'prog.uir:5: assert failed': prog.uir:3: assert failed"));
  // The buffers count on exit 1 too.
  EXPECT_TRUE(differs(KeptCase(test_from(kFailingAssert), canned_student("0: 5\n", "prog.uir:5: assert failed", 1)),
                      "reproduce: slot 0 [0]: expected 4, got 5"));
}

TEST(ReproduceScript, AnInvalidProgramMustReportTheRuleWhenTheTestNamesOne) {
  const std::string invalid = "%x = const 1\n%y = add %x %nowhere\n";
  const std::string named = "# expect: exit 2\n# error: E-UNDEFINED\n" + invalid;
  EXPECT_TRUE(same_as_the_oracle(KeptCase(test_from(named), kOracleStudent)));
  const std::string wrong_rule = canned_student("", "prog.uir:4: error: E-TYPE: wrong rule", 2);
  EXPECT_TRUE(differs(KeptCase(test_from(named), wrong_rule), "does not report E-UNDEFINED"));
  // Without `# error:` any exit 2 is the same as the oracle's (spec §6.3).
  EXPECT_TRUE(same_as_the_oracle(KeptCase(test_from("# expect: exit 2\n" + invalid), wrong_rule)));
}

TEST(ReproduceScript, ARenderTestCompilesTheKernelWithTheDriverAndRunsIt) {
  const std::string render = std::string("# render\n") + kTwoSlots;
  KeptCase oracle(test_from(render), kOracleStudent);
  EXPECT_TRUE(same_as_the_oracle(oracle));
  EXPECT_EQ(slurp(oracle.case_dir() / "reproduced.txt"), kTwoSlotsOutput);
  // A kernel that computes something else is caught by the comparison.
  EXPECT_TRUE(differs(KeptCase(test_from(render), kStoresNinetyNine), "reproduce: slot 1 [0]: expected 100, got 99"));
  EXPECT_TRUE(differs(KeptCase(test_from(render), canned_student("", "render crashed", 3)),
                      "reproduce: render exited 3, not 0"));
}

TEST(ReproduceScript, ATitleCannotAddCommandsToTheScript) {
  // The title quotes the grader's message, which quotes the student's output. Through a comment
  // line written as it comes, a line end in it makes the rest a command:
  KeptCase kept(test_from(kTwoSlots), kOracleStudent);
  const std::filesystem::path pwned = kept.case_dir() / "pwned";
  const std::string title = "week3/t: got x\ntouch \"$(dirname \"$0\")/pwned\"";
  write_text_file(kept.case_dir() / "weak.sh", "#!/bin/sh\n# " + title + "\ncd \"$(dirname \"$0\")\"\n");
  ASSERT_EQ(run_shell("cd / && sh " + shell_quote((kept.case_dir() / "weak.sh").string())).exit_code, 0);
  ASSERT_TRUE(std::filesystem::exists(pwned)) << "the weakened script should run the injected command";
  std::filesystem::remove(pwned);
  // reproduce.sh keeps the whole title in its one comment line, the line end spelled out.
  Shell ran = kept.reproduce(title);
  EXPECT_EQ(ran.exit_code, 0) << ran.output;
  EXPECT_FALSE(std::filesystem::exists(pwned));
  EXPECT_NE(slurp(kept.case_dir() / "reproduce.sh").find("\n# week3/t: got x\\ntouch \"$(dirname"), std::string::npos);
}

// Issue 25: README.txt quoted raw student output (escape sequences reached the terminal that
// `cat`s it), and reproduce.sh ran the student's code unsandboxed without a word.
TEST(ReproduceScript, TheKeptCaseEscapesStudentBytesAndWarnsItIsUnsandboxed) {
  ScratchDir dir("kept_readme");
  TestCase test = test_from(kTwoSlots);
  Expected expected = std::get<Expected>(compute_expected(test, 1));
  GradeConfig config;
  config.keep_dir = (dir.path() / "failures").string();
  config.student = config.student_path = "/bin/true";
  Outcome outcome;
  outcome.actual_err = "\x1b]0;pwned\x07";
  TestResult result;
  result.verdict = Verdict::WrongBuffer;
  result.message = "slot 0: got \x1b[31mred\x1b[0m";
  result.details = "stderr:\n\x1b]0;pwned\x07\n";
  keep_case(test, config, expected, outcome, result);
  const std::filesystem::path case_dir = kept_case_dir(config.keep_dir, kept_case_name(test));
  std::string readme = slurp(case_dir / "README.txt");
  ASSERT_FALSE(readme.empty());
  EXPECT_EQ(readme.find('\x1b'), std::string::npos) << readme;
  EXPECT_NE(readme.find("got \\x1b[31mred"), std::string::npos) << readme;
  EXPECT_NE(readme.find("\\x1b]0;pwned\\x07"), std::string::npos) << readme;
  EXPECT_NE(readme.find("without the grader's sandbox"), std::string::npos) << readme;
  std::string script = slurp(case_dir / "reproduce.sh");
  EXPECT_NE(script.find("# WARNING: this runs the student's compiler"), std::string::npos) << script;
  EXPECT_NE(script.find("without\n# the grader's sandbox"), std::string::npos) << script;
}

}  // namespace
}  // namespace uirgrade
