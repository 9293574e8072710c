// What a class run keeps for the similarity report: each C once by its hash, the student's map and
// failures, read back as written; a failure that printed nothing, or that the grader caused, is no
// evidence; a damaged file is refused naming it.
#include "class/similarity_evidence.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "grader/grade.h"
#include "oracle/c_toolchain_testing.h"
#include "testcase/case.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;
using uir::testing::ScratchDir;
using uir::testing::write_text_file;

TestCase test_named(const std::string& name, Mode mode) {
  TestCase test;
  test.name = name;
  test.mode = mode;
  return test;
}

TestResult result_of(const TestCase& test, Verdict verdict) {
  TestResult result = result_naming(test);
  result.verdict = verdict;
  return result;
}

TEST(SimilarityEvidence, KeptOnceByHashAndReadBackAsWritten) {
  ScratchDir dir("issue38_evidence");
  const std::string out = dir.path().string();
  const TestCase render = test_named("week3/acc", Mode::Render), run = test_named("week3/acc", Mode::Run);
  const TestCase crash = test_named("week3/gemm", Mode::Run), ours = test_named("week3/nest", Mode::Run);
  const std::string c = "int32_t kernel(void) { return 0; }\n";
  for (const char* id : {"ann", "bob"}) {
    StudentOutputs outputs;
    outputs.add(render, c, "0: 1 2\n", "");
    outputs.add(run, "ignored: not a render test", "0: 1 3\n", "");
    outputs.add(crash, "", "", "");  // printed nothing
    outputs.add(ours, "", "x", "");
    std::vector<TestResult> results = {result_of(render, Verdict::Pass), result_of(run, Verdict::WrongBuffer),
                                       result_of(crash, Verdict::Crash), result_of(ours, Verdict::InternalError)};
    std::map<std::string, StudentOutput> taken = outputs.take();
    EXPECT_TRUE(outputs.take().empty());
    ASSERT_EQ(save_student_evidence(out, student_evidence(id, results, taken), taken), std::nullopt);
  }
  ASSERT_EQ(save_oracle_renders(out, {{"week3/acc [render]", c}}), std::nullopt);
  // One file for the three copies of the same C.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path() / "similarity" / "c"), fs::directory_iterator()), 1);

  auto loaded = load_evidence(out);
  ASSERT_TRUE(std::holds_alternative<KeptEvidence>(loaded)) << std::get<std::string>(loaded);
  const KeptEvidence& kept = std::get<KeptEvidence>(loaded);
  ASSERT_EQ(kept.students.size(), 2u);
  const StudentEvidence& ann = kept.students[0];
  EXPECT_EQ(ann.id, "ann");
  ASSERT_EQ(ann.renders.size(), 1u);
  EXPECT_EQ(kept_c(out, ann.renders.at("week3/acc [render]")), c);
  EXPECT_EQ(kept.oracle.at("week3/acc [render]"), ann.renders.at("week3/acc [render]"));
  // The wrong buffer only: the crash printed nothing and the internal error is the grader's.
  ASSERT_EQ(ann.failures.size(), 1u);
  EXPECT_EQ(ann.failures[0].test, "week3/acc");
  EXPECT_EQ(ann.failures[0].verdict, "wrong-buffer");
  EXPECT_EQ(ann.failures[0].digest, kept.students[1].failures[0].digest);  // the same output, the same digest
  EXPECT_EQ(ann.failures[0].digest.size(), 64u);
}

TEST(SimilarityEvidence, MergedShardsKeepEveryStudentsEvidence) {
  ScratchDir dir("issue38_evidence_merge");
  const TestCase render = test_named("week3/acc", Mode::Render);
  std::vector<std::string> shards;
  for (const char* id : {"ann", "bob"}) {
    const std::string shard = (dir.path() / id).string();
    shards.push_back(shard);
    StudentOutputs outputs;
    outputs.add(render, std::string("int32_t kernel(void) { return 0; } // ") + id, "", "");
    std::map<std::string, StudentOutput> taken = outputs.take();
    ASSERT_EQ(save_student_evidence(shard, student_evidence(id, {result_of(render, Verdict::Pass)}, taken), taken),
              std::nullopt);
    ASSERT_EQ(save_oracle_renders(shard, {{"week3/acc [render]", "int32_t kernel(void) { return 0; }"}}), std::nullopt);
  }
  shards.push_back((dir.path() / "no-evidence").string());  // a shard graded before: skipped
  const std::string merged = (dir.path() / "merged").string();
  ASSERT_EQ(merge_evidence(shards, merged), std::nullopt);
  auto loaded = load_evidence(merged);
  ASSERT_TRUE(std::holds_alternative<KeptEvidence>(loaded)) << std::get<std::string>(loaded);
  const KeptEvidence& kept = std::get<KeptEvidence>(loaded);
  ASSERT_EQ(kept.students.size(), 2u);
  EXPECT_EQ(kept_c(merged, kept.students[1].renders.at("week3/acc [render]")),
            "int32_t kernel(void) { return 0; } // bob");
}

TEST(SimilarityEvidence, ADamagedFileIsRefusedNamingIt) {
  ScratchDir dir("issue38_evidence_damaged");
  const std::string out = dir.path().string();
  auto missing = load_evidence(out);
  ASSERT_TRUE(std::holds_alternative<std::string>(missing));
  EXPECT_NE(std::get<std::string>(missing).find("oracle.json"), std::string::npos);

  ASSERT_EQ(save_oracle_renders(out, {}), std::nullopt);
  const fs::path student = dir.path() / "similarity" / "students" / "ann.json";
  auto none = load_evidence(out);  // no student kept any: none to rank
  ASSERT_TRUE(std::holds_alternative<KeptEvidence>(none));
  EXPECT_TRUE(std::get<KeptEvidence>(none).students.empty());
  fs::create_directories(student.parent_path());
  write_text_file(student, "{\"id\": \"ann\", \"renders\": {\"t\": \"../../etc/passwd\"}, \"failures\": []}");
  auto damaged = load_evidence(out);
  ASSERT_TRUE(std::holds_alternative<std::string>(damaged));
  EXPECT_NE(std::get<std::string>(damaged).find(student.string()), std::string::npos) << std::get<std::string>(damaged);
  EXPECT_EQ(kept_c(out, "../../etc/passwd"), std::nullopt);
}

}  // namespace
}  // namespace uirgrade
