// A failure in context: the program lines at fault with a caret, the data, and the oracle's
// placement for a wrong buffer. Checked by layout (the caret under the right character, the right
// lines, the right labels), not by copying the text the code writes.
#include "grader/feedback/failure_context.h"

#include <algorithm>
#include <sstream>
#include <vector>

#include <gtest/gtest.h>

#include "oracle/text_lines_testing.h"

namespace uirgrade {
namespace {

using uir::testing::lines_of;

/// The numbered lines an excerpt shows (its caret line has no number).
std::vector<int> numbers_shown(const std::string& excerpt) {
  std::vector<int> out;
  for (const std::string& line : lines_of(excerpt)) {
    size_t bar = line.find(" | ");
    int number = 0;
    if (bar != std::string::npos && std::istringstream(line.substr(0, bar)) >> number) out.push_back(number);
  }
  return out;
}

/// The character of the numbered line `line` that the caret line under it points at.
char character_under_caret(const std::string& excerpt, int line) {
  std::vector<std::string> lines = lines_of(excerpt);
  for (size_t k = 0; k + 1 < lines.size(); ++k) {
    if (numbers_shown(lines[k] + "\n") != std::vector<int>{line}) continue;
    size_t caret = lines[k + 1].find('^');
    return caret < lines[k].size() ? lines[k][caret] : '\0';
  }
  return '\0';
}

constexpr const char* kSource =
    "# test comment\n"        // 1
    "%b = buffer 4 dtype=i32 slot=0\n"  // 2
    "%x = const 3\n"          // 3
    "   %y = add %x %zz\n"    // 4: indented
    "%z = mul %x 2\n"         // 5
    "%w = mul %z 2\n"         // 6
    "%q = mul %w 2\n";        // 7

TEST(ProgramExcerpt, ShowsTheLinesAroundWithACaretUnderTheColumnAndTheLabel) {
  std::string excerpt = program_excerpt(kSource, 4, 16, "the oracle: E-UNDEFINED");
  EXPECT_EQ(numbers_shown(excerpt), (std::vector<int>{2, 3, 4, 5, 6}));
  EXPECT_EQ(character_under_caret(excerpt, 4), '%');  // column 16: %zz
  EXPECT_EQ(std::count(excerpt.begin(), excerpt.end(), '^'), 1) << excerpt;  // under line 4 only
  EXPECT_NE(excerpt.find("%y = add %x %zz\n"), std::string::npos) << excerpt;
  EXPECT_NE(excerpt.find("^ the oracle: E-UNDEFINED\n"), std::string::npos) << excerpt;
  EXPECT_EQ(excerpt.find("%q"), std::string::npos) << excerpt;  // line 7 is 3 away
}

TEST(ProgramExcerpt, WithoutAColumnTheCaretIsUnderTheFirstNonBlank) {
  std::string excerpt = program_excerpt(kSource, 4, 0, "you: an error here", 0);
  EXPECT_EQ(numbers_shown(excerpt), std::vector<int>{4});
  EXPECT_EQ(character_under_caret(excerpt, 4), '%');
  std::vector<std::string> lines = lines_of(excerpt);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].find('^'), lines[0].find("%y"));
}

TEST(ProgramExcerpt, StopsAtTheEndsOfTheFileAndIsEmptyOutsideIt) {
  EXPECT_EQ(numbers_shown(program_excerpt(kSource, 1, 0, "l")), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(numbers_shown(program_excerpt(kSource, 7, 0, "l")), (std::vector<int>{5, 6, 7}));
  EXPECT_EQ(program_excerpt(kSource, 0, 0, "l"), "");
  EXPECT_EQ(program_excerpt(kSource, 8, 0, "l"), "");
  EXPECT_EQ(program_excerpt("", 1, 0, "l"), "");
}

TEST(ProgramExcerpt, CrLfLineEndsAndOverlongLinesStayReadable) {
  std::string excerpt = program_excerpt("%x = const 1\r\n%y = const 2\r\n", 2, 1, "here");
  EXPECT_EQ(excerpt.find('\r'), std::string::npos);
  EXPECT_EQ(character_under_caret(excerpt, 2), '%');
  // A 5000-character line is cut, and a caret past the cut stays on the screen.
  std::string source = "%x = add 1 " + std::string(5000, '1') + "\n";
  std::string cut = program_excerpt(source, 1, 4000, "far");
  for (const std::string& line : lines_of(cut)) EXPECT_LT(line.size(), 200u) << line;
  EXPECT_NE(cut.find("^ far"), std::string::npos) << cut;
}

TEST(DataExcerpt, TheFirstLinesEachCutWithACountOfTheRest) {
  std::string six = "0: 1\n1: 2\n2: 3\n3: " + std::string(300, '7') + "\n4: 5\n5: 6\n";
  std::vector<std::string> lines = lines_of(data_excerpt(six, 4, 100));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0], "  0: 1");
  EXPECT_EQ(lines[3], "  3: " + std::string(97, '7') + "...");  // 100 characters, and a mark of the cut
  EXPECT_NE(lines[4].find("2 more lines"), std::string::npos) << lines[4];
  EXPECT_NE(data_excerpt("0: 1\n1: 2\n2: 3\n3: 4\n4: 5\n", 4).find("  ... (1 more lines)\n"), std::string::npos);
  EXPECT_EQ(lines_of(data_excerpt("0: 1\n1: 2\n", 4)).size(), 2u);  // nothing left out, nothing said
  EXPECT_NE(data_excerpt("").find("no input data"), std::string::npos);
}

// A loop that accumulates into slot 1 through a load the load rule moves into the loop.
constexpr const char* kAccumulate =
    "%a = buffer 4 dtype=i32 slot=0\n"
    "%o = buffer 1 dtype=i32 slot=1\n"
    "%i = range 4\n"
    "%va = shrink %a %i shape=[]\n"
    "%x = load %va\n"
    "%vo = shrink %o 0 shape=[]\n"
    "%cur = load %vo\n"  // line 7
    "%sum = add %cur %x\n"
    "%s = store %vo %sum\n"
    "%e = end %s %i\n"
    "%o1 = after %o %e\n"
    "%vc = shrink %o1 0 shape=[]\n"
    "%last = load %vc\n"
    "%ok = cmplt %last 1000\n"
    "assert %ok\n";  // line 15

/// A failing test of `source`: the oracle's compile of it, and the facts of a failure, which
/// start from the oracle's exit code.
struct Failure {
  Failure(const std::string& source, int oracle_exit) : oracle(uir::compile("prog.uir", source)) {
    test.name = "t";
    test.source = source;
    facts.oracle = &oracle;
    facts.oracle_exit = oracle_exit;
  }
  Failure(const Failure&) = delete;  // facts point at oracle
  std::string context() const { return failure_context(test, facts); }

  TestCase test;
  uir::Compiled oracle;
  FailureFacts facts;
};

TEST(FailureContext, AnInvalidProgramShowsTheOraclesErrorAndTheStudentsOtherLine) {
  Failure failure(kSource, 2);
  ASSERT_TRUE(failure.oracle.error.has_value());
  failure.facts.student_error_line = failure.oracle.error->line;  // the same line: shown once
  std::string same = failure.context();
  EXPECT_NE(same.find("^ the oracle: E-UNDEFINED"), std::string::npos) << same;
  EXPECT_EQ(character_under_caret(same, 4), '%');
  EXPECT_EQ(same.find("you:"), std::string::npos) << same;
  EXPECT_EQ(same.find("input data"), std::string::npos) << same;  // no run, so no data

  failure.facts.student_error_line = 6;
  std::string other = failure.context();
  EXPECT_NE(other.find("^ you: an error here"), std::string::npos) << other;
  EXPECT_EQ(numbers_shown(other), (std::vector<int>{2, 3, 4, 5, 6, /* then the student's */ 4, 5, 6, 7}));
  EXPECT_LT(other.find("the oracle: E-UNDEFINED"), other.find("you: an error here"));
}

TEST(FailureContext, AFailingAssertIsShownForTheOracleAndForAStudentWhoBlamesAnother) {
  Failure failure(kAccumulate, 1);
  ASSERT_FALSE(failure.oracle.error.has_value());
  failure.facts.oracle_assert_line = 15;
  failure.facts.student_assert_line = 15;
  failure.facts.input_text = "0: 1 2 3 4\n1: 999\n";
  std::string agree = failure.context();
  EXPECT_NE(agree.find("^ the oracle: this assert fails first"), std::string::npos) << agree;
  EXPECT_EQ(agree.find("you:"), std::string::npos) << agree;
  EXPECT_NE(agree.find("the input data (stdin):\n  0: 1 2 3 4\n  1: 999\n"), std::string::npos) << agree;

  failure.facts.student_assert_line = 7;
  std::string differ = failure.context();
  EXPECT_NE(differ.find("^ you: this assert fails"), std::string::npos) << differ;
  EXPECT_LT(differ.find("the oracle: this assert"), differ.find("you: this assert"));
}

TEST(FailureContext, AWrongBufferInALoopShowsWhereTheOracleRunsItsLoads) {
  Failure failure(kAccumulate, 0);
  failure.facts.input_text = "0: 1 2 3 4\n1: 0\n";
  EXPECT_EQ(failure.context().find("where the oracle runs"), std::string::npos);  // no slot named
  failure.facts.wrong_slot = 1;
  std::string text = failure.context();
  size_t where = text.find("where the oracle runs the loads and stores that feed slot 1");
  ASSERT_NE(where, std::string::npos) << text;
  EXPECT_NE(text.find("%cur = load %vo", where), std::string::npos) << text;  // the load the loop moves in
  EXPECT_NE(text.find("loop %i", where), std::string::npos) << text;

  // Without loops there is no placement to get wrong.
  Failure flat("%o = buffer 1 dtype=i32 slot=0\n%v = shrink %o 0 shape=[]\n%s = store %v 3\n%o1 = after %o %s\n", 0);
  flat.facts.wrong_slot = 0;
  std::string flat_text = flat.context();
  EXPECT_NE(flat_text.find("the input data"), std::string::npos) << flat_text;
  EXPECT_EQ(flat_text.find("where the oracle runs"), std::string::npos) << flat_text;
}

TEST(TestDescription, TheCommentsThenTheAboutLine) {
  struct Case {
    std::string description, about, shown;
  };
  const std::string comments = "Loads move into loops\nthat store into them.";
  for (const Case& c : {Case{"", "", ""}, Case{"", "spec §5.3", "about: spec §5.3"},
                        Case{comments, "spec §5.3", comments + "\nabout: spec §5.3"}, Case{comments, "", comments}}) {
    TestCase test;
    test.description = c.description;
    test.about = c.about;
    EXPECT_EQ(test_description(test), c.shown);
  }
}

}  // namespace
}  // namespace uirgrade
