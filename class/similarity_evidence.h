// What a class run keeps for its similarity report (class/similarity_score.h), instructor-side only,
// under OUT/similarity/ (no student's report, text or Gradescope output reads it):
//   c/<sha256>.c          each rendered kernel once, by the SHA-256 of its bytes (most students
//                         render the simple tests alike, so a class keeps far fewer files than renders)
//   students/<id>.json    per student: test label -> the SHA-256 of the C it rendered, and each failed
//                         test's signature (its verdict and a digest of what the student printed)
//   oracle.json           test label -> the SHA-256 of the oracle's C for it
// Written before the student's state (class/class_state.h), so a saved student has its evidence.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "grader/result.h"
#include "testcase/expected.h"
#include "testcase/case.h"

namespace uirgrade {

/// What the student printed on one test (GradeConfig::on_student_output).
struct StudentOutput {
  std::string rendered_c;   // render tests: the C; empty otherwise
  std::string output_digest;  // SHA-256 of its stdout and the first line of its stderr; empty if both are
};

/// A student's outputs, collected while its tests run on several threads.
class StudentOutputs {
 public:
  void add(const TestCase& test, const std::string& rendered_c, const std::string& out, const std::string& err);
  /// Everything collected, by result label; empties the collection.
  std::map<std::string, StudentOutput> take();

 private:
  std::mutex mutex_;
  std::map<std::string, StudentOutput> by_label_;
};

/// A failed test as evidence: two students alike here failed the same test the same way.
struct FailureSignature {
  std::string test;     // result label
  std::string verdict;  // verdict_name
  std::string digest;   // StudentOutput::output_digest
  bool operator<(const FailureSignature& other) const;
};

struct StudentEvidence {
  std::string id;
  std::map<std::string, std::string> renders;  // result label -> SHA-256 of the C (c/<sha>.c)
  std::vector<FailureSignature> failures;
};

/// The evidence of one graded student, from its results and what it printed.
StudentEvidence student_evidence(const std::string& id, const std::vector<TestResult>& results,
                                 const std::map<std::string, StudentOutput>& outputs);

/// OUT/similarity.
std::string similarity_dir(const std::string& out_dir);

/// Writes the student's C files and OUT/similarity/students/<id>.json; an error naming the file.
std::optional<std::string> save_student_evidence(const std::string& out_dir, const StudentEvidence& evidence,
                                                 const std::map<std::string, StudentOutput>& outputs);

/// Writes the oracle's C of each render test (result label -> C) and OUT/similarity/oracle.json.
std::optional<std::string> save_oracle_renders(const std::string& out_dir, const std::map<std::string, std::string>& c_by_label);
/// The same from a class's tests and the oracle's outcomes (a valid program's render tests).
std::optional<std::string> save_oracle_renders(const std::string& out_dir, const std::vector<TestCase>& tests,
                                               const std::vector<ExpectedOrError>& expected);

/// What OUT/similarity/ holds, read back.
struct KeptEvidence {
  std::map<std::string, std::string> oracle;  // result label -> SHA-256
  std::vector<StudentEvidence> students;      // sorted by id
};
/// Reads OUT/similarity/; an error naming the file that cannot be read.
std::variant<KeptEvidence, std::string> load_evidence(const std::string& out_dir);

/// Copies the evidence kept in each shard's class directory into `out_dir` (`grade merge --out`);
/// a shard without any is skipped. An error naming the file that could not be copied.
std::optional<std::string> merge_evidence(const std::vector<std::string>& shard_dirs, const std::string& out_dir);

/// The C kept under `sha`; nullopt when it is not there.
std::optional<std::string> kept_c(const std::string& out_dir, const std::string& sha);

}  // namespace uirgrade
