// Class shards written to disk, read back and merged; and what a merge refuses.
#include "class/class_run.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "class/class_run_testing.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

ClassRun shard_of(int k, int n, std::vector<size_t> students) {
  ClassRun all = class_fixture::small_class();
  ClassRun shard = all;
  shard.tests_key = "tests";
  shard.shard = Shard{k, n};
  shard.students.clear();
  for (size_t s : students) shard.students.push_back(all.students[s]);
  for (StudentRecord& student : shard.students) student.key = "tests:" + student.id;
  shard.about_by_test = {{"week3/b", "spec 5.3, the load rule"}};
  return shard;
}

TEST(GraderClassRun, ShardsRoundTripThroughTheirDirectoriesAndMerge) {
  fs::path dir = fs::temp_directory_path() / ("uirgrade-class-run-" + std::to_string(getpid()));
  fs::remove_all(dir);
  std::vector<ClassRun> loaded;
  int k = 0;
  for (const ClassRun& shard : {shard_of(1, 2, {0, 2}), shard_of(2, 2, {1})}) {
    std::string out = (dir / std::to_string(++k)).string();
    fs::create_directories(out);
    for (const StudentRecord& student : shard.students) ASSERT_FALSE(save_student(out, student));
    ASSERT_FALSE(save_class_manifest(out, shard));
    auto read = load_class_dir(out);
    ASSERT_TRUE(std::holds_alternative<ClassRun>(read)) << std::get<std::string>(read);
    loaded.push_back(std::get<ClassRun>(read));
  }
  EXPECT_EQ(loaded[0].tests.size(), 2u);
  EXPECT_EQ(loaded[0].tests[1].max_points, 2);
  // The causes of the class report survive the directory (a merged report groups by them too).
  EXPECT_EQ(loaded[1].about_by_test, (std::map<std::string, std::string>{{"week3/b", "spec 5.3, the load rule"}}));
  auto merged = merge_class_shards(loaded);
  ASSERT_TRUE(std::holds_alternative<ClassRun>(merged)) << std::get<std::string>(merged);
  const ClassRun& run = std::get<ClassRun>(merged);
  ASSERT_EQ(run.students.size(), 3u);
  EXPECT_EQ(run.students[1].id, "ann");
  EXPECT_EQ(run.students[2].status, StudentStatus::Missing);
  EXPECT_FALSE(run.shard);
  fs::remove_all(dir);
}

TEST(GraderClassRun, MergeRefusesShardsThatDoNotFit) {
  auto error = [](std::vector<ClassRun> shards) { return std::get<std::string>(merge_class_shards(shards)); };
  EXPECT_EQ(error({shard_of(1, 3, {0}), shard_of(3, 3, {1})}), "shard(s) 2/3 missing");
  EXPECT_EQ(error({shard_of(1, 2, {0}), shard_of(1, 2, {1})}), "shard 1/2 is given twice");
  EXPECT_EQ(error({shard_of(1, 2, {1}), shard_of(2, 2, {1})}), "student ann is in two shards");
  ClassRun other = shard_of(2, 2, {1});
  other.seed = 8;
  EXPECT_EQ(error({shard_of(1, 2, {0}), other}), "shard 2/2 graded other tests, seed or week than shard 1/2");
}

}  // namespace
}  // namespace uirgrade
