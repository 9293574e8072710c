// The words of the work figure, on figures built by hand: the example the header promises, loops
// nested and none, advisory and scored work, and a count that failed.
#include "grader/work/work_result.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(WorkResult, AHotLineNamesItsOracleStatementLoopAndRanges) {
  HotLine hot;
  hot.line = 14;
  hot.runs = 512;
  hot.oracle_statement = "%i3 = mul %i 3";
  hot.oracle_runs = 8;
  hot.oracle_loops = {"%i"};
  hot.depends_on = {"%i"};
  EXPECT_EQ(describe_hot_line(hot), "line 14 runs 512 times; the oracle computes `%i3 = mul %i 3` 8 times, in loop "
                                    "`%i`: it depends only on `%i` (spec §5.3)");
  hot.oracle_runs = 1;
  hot.oracle_loops = {};
  hot.depends_on = {};
  EXPECT_EQ(describe_hot_line(hot), "line 14 runs 512 times; the oracle computes `%i3 = mul %i 3` once, outside every "
                                    "loop: it depends on no range (spec §5.3)");
  hot.oracle_loops = {"%a", "%b", "%c"};
  hot.depends_on = {"%a", "%b"};
  EXPECT_EQ(describe_hot_line(hot), "line 14 runs 512 times; the oracle computes `%i3 = mul %i 3` once, in loop `%c` "
                                    "(inside `%a` and `%b`): it depends only on `%a` and `%b` (spec §5.3)");
}

TEST(WorkResult, AdvisoryScoredAndUnmeasuredWork) {
  WorkFigure work;
  work.status = WorkFigure::Status::Measured;
  work.student_instructions = 1500;
  work.oracle_instructions = 1000;
  work.ratio = 1.5;
  EXPECT_EQ(describe_work(work), "work 1.50x the oracle's (1500 instructions in kernel; the oracle's 1000); advisory: "
                                 "no points depend on it this week");
  work.limit = 1.2;
  work.max_points = 2;
  EXPECT_EQ(describe_work(work), "work 1.50x the oracle's (1500 instructions in kernel; the oracle's 1000); over the "
                                 "limit of 1.2x: 0 of 2 work points");
  work.limit = 1.5;  // on the limit is within it
  work.points = 2;
  EXPECT_NE(describe_work(work).find("within the limit of 1.5x: 2 of 2 work points"), std::string::npos);
  work.status = WorkFigure::Status::KernelFailed;
  work.message = "the kernel did not finish under the counter";
  EXPECT_EQ(describe_work(work), "work not measured: the kernel did not finish under the counter; 0 of 2 work points");
}

}  // namespace
}  // namespace uirgrade
