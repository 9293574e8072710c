// How a failure is reproduced: the `grade ... --only TEST --seed S` line and the direct commands,
// and, with --keep, the failing case written out (grader/feedback/keep.h) with its reproduce.sh.
#pragma once

#include <string>

#include "testcase/expected.h"
#include "grader/grade_config.h"
#include "grader/result.h"
#include "grader/student_run.h"

namespace uirgrade {

/// `word` quoted for a POSIX shell, unchanged when it is made only of safe characters.
std::string shell_quote(const std::string& word);

/// The student's compiler as reproduce lines name it: the path it was handed in at, made absolute
/// (the grader runs a temporary copy of it, which is gone when the student reads the line).
std::string shown_student_path(const GradeConfig& config);

/// The name of a test's kept directory: a test graded in both modes is two TestCases of one name.
std::string kept_case_name(const TestCase& test);

/// What a minimised generated program's name adds to its original's: "fuzz/7/minimized".
inline constexpr std::string_view kMinimizedSuffix = "/minimized";

/// The grade line that reruns just this test with --keep (for a minimised program, its original), then
/// the direct commands from its case.
std::string reproduce_commands(const TestCase& test, const GradeConfig& config);

/// Writes the failing case under config.keep_dir; a write error is appended to result.details.
void keep_case(const TestCase& test, const GradeConfig& config, const Expected& expected, const Outcome& outcome,
               TestResult& result);

}  // namespace uirgrade
