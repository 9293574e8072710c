// The text report's digest (issue 12): failures grouped by cause, so that one bug in a student's
// compiler reads as one cause with an example, not as a wall of twenty failures. A test graded in
// two modes is one entry; hand-written tests come before generated ones.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grader/result.h"

namespace uirgrade {

/// The kind of a failure: its verdict and the kind of difference, without the particulars (values,
/// lines, slots), e.g. "wrong-buffer: wrong buffer contents", "wrong-exit: exit 1 where the oracle
/// exits 0", "crash: SIGSEGV".
std::string cause_of(const TestResult& result);

/// One test's failing results (run before render): one entry of the digest.
struct FailedTest {
  std::vector<const TestResult*> results;
  bool generated = false;  // a generated program (suite "fuzz")
  const TestResult& first() const { return *results.front(); }
};

struct Cause {
  std::string label;               // cause_of the first failing result of each test in it
  std::vector<FailedTest> tests;   // hand-written first, then generated; each in report order
  int generated() const;
};

/// A compiler that fails alike on every test (it does not start: a runtime that cannot start, a
/// missing class or module) is told so in one cause: "your compiler did not start: stderr: ...
/// (the same on every test)", when at least two visible tests ran, none passed, and each failed
/// with the same words of the student's process (TestResult::student_said). Visible tests only,
/// so that no report a student reads quotes a hidden test. Raw text: the reports escape it.
std::optional<std::string> did_not_start(const std::vector<TestResult>& results);

/// The failures of `results` (in report order) grouped by cause; causes in the order of their first
/// test, hand-written tests before generated ones. Not-run tests are one cause, last. When the
/// compiler did not start (did_not_start), every test that failed with its words is in that cause.
std::vector<Cause> group_by_cause(const std::vector<TestResult>& results);

/// The point of the digest: may a student read this test's program, data and messages? Visible
/// tests only; the text report is read by students at any time (CI logs), so an after-due-date
/// test is withheld there like a hidden one.
bool student_may_see(const TestResult& result);
/// May a student read the minimised program of this failing generated test? Yes when they may see the
/// test, and otherwise unless the week hides minimised programs (weeks.yaml `fuzz_minimized: hidden`).
bool student_may_see_minimized(const TestResult& result);

}  // namespace uirgrade
