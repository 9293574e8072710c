// run_per_fault on work that behaves, crashes or hangs in a chosen unit: each result comes back
// to the parent, a crash or a hang costs only its own unit (a new child goes on with the next),
// and a stopped unit names the test the child last reported.
#include "oracle_faults/forked.h"

#include <signal.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace oracle_faults {
namespace {

TEST(Forked, ACrashOrAHangCostsOnlyItsOwnUnit) {
  ForkLimits limits;
  limits.jobs = 2;
  limits.seconds_per_unit = 1;
  auto work = [](size_t fault, size_t unit) {
    report_progress(static_cast<int>(10 * fault + unit));
    if (fault == 1 && unit == 1) raise(SIGSEGV);
    if (fault == 2 && unit == 0) pause();  // until the unit's alarm
    return UnitResult::of(static_cast<int>(100 * fault + unit), -1);
  };
  std::vector<std::vector<UnitResult>> results = run_per_fault({7, 8, 9}, 3, limits, work);
  ASSERT_EQ(results.size(), 3u);
  for (size_t m = 0; m < 3; ++m) {
    ASSERT_EQ(results[m].size(), 3u);
    for (size_t u = 0; u < 3; ++u) {
      const UnitResult& r = results[m][u];
      bool crashed = m == 1 && u == 1, hung = m == 2 && u == 0;
      EXPECT_EQ(r.stopped, crashed || hung) << m << "/" << u << " " << r.how;
      EXPECT_EQ(r.timed_out, hung) << m << "/" << u << " " << r.how;
      if (crashed || hung) {
        EXPECT_EQ(r.test, static_cast<int>(10 * m + u)) << "the test the child was on";
      } else {
        EXPECT_EQ(r.verdict, static_cast<int>(100 * m + u)) << "the child's own result";
      }
    }
  }
}

}  // namespace
}  // namespace oracle_faults
