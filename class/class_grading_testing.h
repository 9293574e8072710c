// Test helpers for grade_class (class/class_grading.h) with a stand-in runner: test cases of the
// squares (testcase/case_testing.h) and the call of grade_class with one runner for every
// process.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "class/class_grading.h"
#include "testcase/case_testing.h"

namespace uirgrade::class_grading_fixture {

using test_case_fixture::kSquares;

/// week3/<name>: kSquares in `mode` on zeros, worth one point.
inline TestCase squares_test(const std::string& name, Mode mode = Mode::Run) {
  return test_case_fixture::week3_test_on_zeros("week3/" + name, kSquares, mode);
}

/// grade_class with `runner` standing in for every process, the students' and the C compiler's.
inline std::vector<StudentRecord> grade_with(
    CommandRunner& runner, const std::vector<TestCase>& tests, const std::vector<Submission>& students,
    const ClassConfig& config, const std::function<void(const StudentRecord&, StudentSource)>& on_student = nullptr) {
  CCompiler compiler(runner, 1024);
  return grade_class(tests, students, config, runner, compiler, on_student);
}

}  // namespace uirgrade::class_grading_fixture
