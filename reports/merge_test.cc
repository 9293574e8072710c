#include <gtest/gtest.h>

#include "reports/report_testing.h"

namespace uirgrade {
namespace {

// The sample report split round-robin into `count` shards, each written as JSON and read back, as
// `grade merge` would get them. The odd-text test is left out: JSON turns its invalid UTF-8 into
// U+FFFD, which report_json_test covers; here the merged results must equal the originals exactly.
std::vector<Report> shards_of(const Report& whole, int count) {
  std::vector<Report> shards(count);
  for (int k = 0; k < count; ++k) {
    shards[k].info = whole.info;
    shards[k].info.shard_index = k + 1;
    shards[k].info.shard_count = count;
    shards[k].info.seconds = 10 + k;
  }
  for (size_t i = 0; i < whole.results.size(); ++i) shards[i % count].results.push_back(whole.results[i]);
  for (Report& shard : shards) {
    auto read = read_json(report_fixture::written_by(write_json, shard));
    EXPECT_TRUE(std::holds_alternative<Report>(read)) << std::get<std::string>(read);
    if (auto* report = std::get_if<Report>(&read)) shard = *report;
  }
  return shards;
}

Report sample_without_odd_text() {
  Report report = report_fixture::sample_report();
  std::erase_if(report.results, [](const TestResult& r) { return r.message == report_fixture::kOddText; });
  return report;
}

std::string merge_error(const std::vector<Report>& shards) {
  auto merged = merge_reports(shards);
  if (auto* error = std::get_if<std::string>(&merged)) return *error;
  return "(merged without error)";
}

// Round-robin puts week2/buffer's run and render results (one name, two tests) in different shards.
TEST(MergeReports, ShardsInAnyOrderMergeBackIntoTheWholeRun) {
  const Report whole = sample_without_odd_text();
  std::vector<Report> shards = shards_of(whole, 3);
  std::swap(shards[0], shards[2]);
  auto merged = merge_reports(shards);
  ASSERT_TRUE(std::holds_alternative<Report>(merged)) << std::get<std::string>(merged);
  const Report& report = std::get<Report>(merged);
  EXPECT_EQ(report.info.seed, whole.info.seed);
  EXPECT_EQ(report.info.week, 3);
  EXPECT_EQ(report.info.student, whole.info.student);
  EXPECT_EQ(report.info.isolation, whole.info.isolation);
  EXPECT_EQ(report.info.shard_index, 0);
  EXPECT_EQ(report.info.shard_count, 0);
  EXPECT_EQ(report.info.seconds, 12);  // the slowest shard: 10 + 2
  ASSERT_EQ(report.results.size(), whole.results.size());
  for (size_t i = 0; i < whole.results.size(); ++i)
    report_fixture::expect_same_result(report.results[i], whole.results[i]);
}

TEST(MergeReports, DistinctIsolationsAreAllKept) {
  std::vector<Report> shards = shards_of(sample_without_odd_text(), 2);
  shards[1].info.isolation = "bwrap";
  auto merged = merge_reports(shards);
  ASSERT_TRUE(std::holds_alternative<Report>(merged));
  EXPECT_EQ(std::get<Report>(merged).info.isolation, "rlimits, uid 65534; bwrap");
}

TEST(MergeReports, NamesTheMissingShards) {
  std::vector<Report> shards = shards_of(sample_without_odd_text(), 4);
  EXPECT_EQ(merge_error({shards[0], shards[2], shards[3]}), "shard 2/4 is missing");
  EXPECT_EQ(merge_error({shards[3], shards[0]}), "shards 2/4, 3/4 are missing");
}

TEST(MergeReports, NamesATestThatAppearsTwice) {
  std::vector<Report> shards = shards_of(sample_without_odd_text(), 3);
  shards[1].results.push_back(shards[0].results[0]);
  EXPECT_EQ(merge_error(shards),
            "test " + shards[0].results[0].name + " appears in shard 1/3 and in shard 2/3");
}

TEST(MergeReports, RefusesShardsOfDifferentRuns) {
  std::vector<Report> shards = shards_of(sample_without_odd_text(), 2);
  std::vector<Report> other_seed = shards;
  other_seed[1].info.seed = 7;
  EXPECT_EQ(merge_error(other_seed),
            "shard 2/2 has seed 7 but shard 1/2 has seed 18446744073709551557: not shards of one run");
  std::vector<Report> other_week = shards;
  other_week[1].info.week = 2;
  EXPECT_EQ(merge_error(other_week),
            "shard 2/2 graded week 2 but shard 1/2 graded week 3: not shards of one run");
  std::vector<Report> other_student = shards;
  other_student[0].info.student = "bob";
  EXPECT_NE(merge_error(other_student).find("graded \"bob\""), std::string::npos);
  std::vector<Report> other_split = shards;
  other_split[1].info.shard_count = 3;
  EXPECT_EQ(merge_error(other_split), "shard 1/2 and shard 2/3 come from runs split in different ways");
}

TEST(MergeReports, RefusesWhatIsNotASetOfShards) {
  std::vector<Report> shards = shards_of(sample_without_odd_text(), 2);
  EXPECT_EQ(merge_error({}), "no reports to merge");
  EXPECT_EQ(merge_error({shards[0], shards[0]}), "shard 1/2 is given twice");
  Report unsharded = shards[0];
  unsharded.info.shard_index = unsharded.info.shard_count = 0;
  EXPECT_EQ(merge_error({shards[0], unsharded}), "report 2 is not a shard (it was graded without --shard)");
  Report out_of_range = shards[1];
  out_of_range.info.shard_index = 3;
  EXPECT_EQ(merge_error({shards[0], out_of_range}), "report 2 is shard 3/2, which is outside 1..2");
}

}  // namespace
}  // namespace uirgrade
