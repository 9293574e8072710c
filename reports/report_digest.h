// The text report's digest (issue 12): failures grouped by cause, so that one bug in a student's
// compiler reads as one cause with an example, not as a wall of twenty failures. A test graded in
// two modes is one entry; hand-written tests come before generated ones.
#pragma once

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

/// The failures of `results` (in report order) grouped by cause; causes in the order of their first
/// test, hand-written tests before generated ones. Not-run tests are one cause, last.
std::vector<Cause> group_by_cause(const std::vector<TestResult>& results);

/// The point of the digest: may a student read this test's program, data and messages? Visible
/// tests only; the text report is read by students at any time (CI logs), so an after-due-date
/// test is withheld there like a hidden one.
bool student_may_see(const TestResult& result);
/// May a student read the minimised program of this failing generated test? Yes when they may see the
/// test, and otherwise unless the week hides minimised programs (weeks.yaml `fuzz_minimized: hidden`).
bool student_may_see_minimized(const TestResult& result);

}  // namespace uirgrade
