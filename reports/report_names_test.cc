#include "reports/report_names.h"

#include <gtest/gtest.h>

#include <set>

namespace uirgrade {
namespace {

TEST(ReportNames, EveryVerdictHasADistinctNameThatReadsBack) {
  const std::vector<std::pair<Verdict, std::string>> expected = {
      {Verdict::Pass, "pass"},
      {Verdict::WrongExit, "wrong-exit"},
      {Verdict::WrongBuffer, "wrong-buffer"},
      {Verdict::MalformedOutput, "malformed-output"},
      {Verdict::Timeout, "timeout"},
      {Verdict::Crash, "crash"},
      {Verdict::MemoryLimit, "memory-limit"},
      {Verdict::OutputLimit, "output-limit"},
      {Verdict::CompileError, "compile-error"},
      {Verdict::SanitizerError, "sanitizer-error"},
      {Verdict::ForbiddenConstruct, "forbidden-construct"},
      {Verdict::InternalError, "internal-error"},
  };
  for (const auto& [verdict, name] : expected) {
    EXPECT_EQ(verdict_name(verdict), name);
    EXPECT_EQ(verdict_from_name(name), verdict);
  }
  EXPECT_EQ(verdict_from_name("passed"), std::nullopt);
}

}  // namespace
}  // namespace uirgrade
