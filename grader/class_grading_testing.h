// Test helpers for grade_class (grader/class_grading.h) with a stand-in runner: the one program the
// class tests grade (the squares of 0..3 into slot 0, from zeros), the answer that passes it, its
// test cases, and the call of grade_class with one runner for every process.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "grader/class_grading.h"

namespace uirgrade::class_grading_fixture {

inline constexpr const char* kSquares =
    "%b = buffer 4 dtype=i32 slot=0\n%i = range 4\n%sq = mul %i %i\n%v = shrink %b %i shape=[]\n"
    "%s = store %v %sq\n%e = end %s %i\n%b1 = after %b %e\n";

/// A process that exited 0 having printed the squares: a right answer to every run of kSquares.
inline ProcessResult printed_the_squares() {
  ProcessResult result;
  result.started = result.exited = true;
  result.exit_code = 0;
  result.out = "0: 0 1 4 9\n";
  return result;
}

/// week3/<name>: kSquares in `mode` on zeros, worth one point.
inline TestCase squares_test(const std::string& name, Mode mode = Mode::Run) {
  TestCase test;
  test.name = "week3/" + name;
  test.suite = "week3";
  test.week = 3;
  test.mode = mode;
  test.source = kSquares;
  test.points = 1;
  test.data[0] = DataSpec{DataSpec::Kind::Zeros, {}, 0, 0, 0};
  return test;
}

/// grade_class with `runner` standing in for every process, the students' and the C compiler's.
inline std::vector<StudentRecord> grade_with(
    CommandRunner& runner, const std::vector<TestCase>& tests, const std::vector<Submission>& students,
    const ClassConfig& config, const std::function<void(const StudentRecord&, StudentSource)>& on_student = nullptr) {
  CCompiler compiler(runner, 1024);
  return grade_class(tests, students, config, runner, compiler, on_student);
}

}  // namespace uirgrade::class_grading_fixture
