// The program handed to the student (spec §7): the leading comment block blanked line for line,
// the rest untouched; on every suite file the oracle sees the same program in both texts (same
// rule at the same line and column, or the same rendered C), so line numbers are unchanged.
#include "testcase/student_program.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include "oracle/oracle.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

TEST(StudentProgram, BlanksHeadersAndFreeTextKeepingEveryLine) {
  std::string file =
      "# The sum of squares, worked by hand: 0 + 1 + 4 + 9 = 14\n"
      "# expect: exit 1\n"
      "   # expect assert: 4\n"
      "\n"
      "  \t\n"
      "%a = const 1\n"
      "# a comment after the first statement is part of the program\n"
      "%b = add %a %a  # so is this one\n";
  EXPECT_EQ(student_program(file),
            "\n\n\n\n\n"
            "%a = const 1\n"
            "# a comment after the first statement is part of the program\n"
            "%b = add %a %a  # so is this one\n");
}

TEST(StudentProgram, KeepsCrlfLineEndingsAndAFuncHeaderAsTheFirstStatement) {
  EXPECT_EQ(student_program("# expect: exit 0\r\n# data 0: 1 2\r\nfunc @f(%x: i32) -> i32 {\r\n"),
            "\r\n\r\nfunc @f(%x: i32) -> i32 {\r\n");
}

TEST(StudentProgram, AFileOfCommentsOnlyBecomesEmptyLines) {
  EXPECT_EQ(student_program("# expect: exit 0\n# secret"), "\n");
  EXPECT_EQ(student_program(""), "");
}

TEST(StudentProgram, AProgramWithoutLeadingCommentsIsUnchanged) {
  std::string program = "%a = const 1\n# expect 0: 5 (not a header here: after the first statement)\n";
  EXPECT_EQ(student_program(program), program);
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string compiled_summary(const std::string& text) {
  uir::Compiled compiled = uir::compile("prog.uir", text);
  if (compiled.error)
    return uir::error_headline("prog.uir", *compiled.error) + " col " + std::to_string(compiled.error->column);
  return uir::render_c(compiled);
}

TEST(StudentProgram, EverySuiteFileMeansTheSameProgramWithNoLeadingCommentLeft) {
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(UIRGRADE_SOURCE_DIR "/suites")) {
    if (entry.path().extension() != ".uir") continue;
    ++files;
    std::string file = read_file(entry.path());
    std::string handed = student_program(file);
    SCOPED_TRACE(entry.path().string());
    EXPECT_EQ(std::count(handed.begin(), handed.end(), '\n'), std::count(file.begin(), file.end(), '\n'));
    EXPECT_EQ(compiled_summary(handed), compiled_summary(file));
    // The first non-empty line handed over is a statement, never a comment.
    size_t first = handed.find_first_not_of("\r\n");
    if (first != std::string::npos) {
      EXPECT_NE(handed[first], '#');
    }
  }
  EXPECT_GT(files, 100);
}

}  // namespace
}  // namespace uirgrade
