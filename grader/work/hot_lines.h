// Where a kernel's extra work goes (issue 26): the student's lines of `kernel` that run more often
// than the oracle's statement they most likely stand for, so that a student can find the line to
// move from the report alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "grader/work/work_result.h"
#include "oracle/oracle.h"

namespace uirgrade {

/// The oracle's side: its C, the statement each C line renders (uir::render_c's line map), how
/// often each line ran (callgrind), the program it was rendered from and the program's text.
struct OracleKernelRuns {
  std::string c;
  std::vector<int32_t> line_stmts;
  std::map<int, uint64_t> runs_by_line;
  const uir::Compiled* compiled = nullptr;
  std::string source;
};

/// What a line of C computes, as a bag of features that survive a student's own spelling: its
/// operators (the oracle's wrap-around helpers count as the operator they compute: uir_mul_i32 is
/// `*`), its numeric constants (by value: `3`, `3.0f` and `0x3` are one), the buffers it loads from
/// and stores into (`data<slot>` is the contract's name; any other array is "an array"), math
/// functions (sqrtf and sqrt are one), `for`, and, with half the weight, the names of its variables
/// without the oracle's `v12_` prefixes (a student who keeps the program's names matches better).
std::map<std::string, double> c_line_features(const std::string& c_line);

/// How alike two lines' features are: the weight of the features they share over the weight of all
/// their features (0 to 1); 0 unless they share one feature other than a name.
double feature_similarity(const std::map<std::string, double>& a, const std::map<std::string, double>& b);

/// The student's lines of `kernel` (in `student_c`, counted in `student_runs`) that run more often
/// than the best-matching statement of the oracle's kernel, most extra runs first, at most
/// `max_lines`. Ties between oracle statements go to the one that runs most (a line is blamed only
/// when every equally likely counterpart runs less).
std::vector<HotLine> find_hot_lines(const std::string& student_c, const std::map<int, uint64_t>& student_runs,
                                    const OracleKernelRuns& oracle, size_t max_lines = 3);

/// How often each statement line of `kernel` in `c` ran, from `runs` (callgrind's, per line): a line
/// with no instruction of its own (its work is a helper function's, inlined and counted at the
/// helper's lines, or a copy gcc folded away) runs as often as the lines of its straight-line block
/// that have some, or, when none has, as the body of the innermost loop around it (its `for` line's
/// count, the loop's trip count per entry). Lines outside `kernel` are kept as they are.
std::map<int, uint64_t> runs_of_every_statement(const std::string& c, const std::map<int, uint64_t>& runs);

/// The lines [first, last] of the body of the function `kernel` in `c` (its braces included), or
/// {0, 0} when the file defines none.
std::pair<int, int> kernel_body_lines(const std::string& c);

}  // namespace uirgrade
