// The schemata and the tool built on them: with no fault on they are the oracle (compared with the
// real `uir-oracle` binary, a separate build without schemata, on every program of the repository),
// a fault that removes a rule is detected by the week's tests, and every fault recorded as
// equivalent goes undetected by them (a wrong record fails here).
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "testcase/suite.h"
#include "oracle/cli.h"
#include "oracle/data.h"
#include "oracle_faults/grading.h"
#include "oracle_faults/manifest.h"
#include "oracle_faults/schemata.h"
#include "uirgrade_paths.h"

namespace oracle_faults {
namespace {

const std::string kSource = UIRGRADE_SOURCE_DIR;
const std::string kManifest = std::string(UIRGRADE_BINARY_DIR) + "/schemata/manifest.tsv";

struct Printed {
  int exit_code = 0;
  std::string out, err;
  bool operator==(const Printed&) const = default;
};

/// `uir-oracle COMMAND PATH` as a process: the oracle built without schemata.
Printed real_oracle(const std::string& command, const std::string& path) {
  // One file per process: ctest runs this binary's tests in parallel processes.
  std::string err_file = std::filesystem::temp_directory_path() / ("schemata_test_stderr." + std::to_string(getpid()));
  std::string line = std::string(UIRGRADE_BINARY_DIR) + "/uir-oracle " + command + " '" + path + "' 2>" + err_file;
  Printed p;
  FILE* pipe = popen(line.c_str(), "r");
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) p.out.append(buf, n);
  int status = pclose(pipe);
  p.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream err(err_file);
  p.err.assign(std::istreambuf_iterator<char>(err), {});
  std::filesystem::remove(err_file);
  return p;
}

/// The same command in-process, on the schemata with whatever fault g_active names.
Printed schemata(const std::string& command, const std::string& path) {
  std::ifstream in(path);
  uir::ProgramFile file{path, std::string(std::istreambuf_iterator<char>(in), {})};
  std::ostringstream out, err;
  Printed p;
  if (command == "check") p.exit_code = uir::cli_check(file, out, err);
  else if (command == "lin") p.exit_code = uir::cli_lin(file, out, err);
  else p.exit_code = uir::cli_render(file, out, err);
  p.out = out.str();
  p.err = err.str();
  return p;
}

std::vector<std::string> every_program() {
  std::vector<std::string> paths;
  for (const char* dir : {"/suites", "/oracle/testdata", "/mutation/testdata"})
    for (const auto& entry : std::filesystem::recursive_directory_iterator(kSource + dir))
      if (entry.path().extension() == ".uir") paths.push_back(entry.path().string());
  std::sort(paths.begin(), paths.end());
  return paths;
}

/// Programs on which check, lin or render print differently from the real oracle.
std::vector<std::string> programs_that_differ() {
  std::vector<std::string> differ;
  for (const std::string& path : every_program())
    for (const char* command : {"check", "lin", "render"})
      if (!(real_oracle(command, path) == schemata(command, path))) differ.push_back(std::string(command) + " " + path);
  return differ;
}

std::vector<OracleFault> manifest() {
  auto read = read_manifest(kManifest);
  if (auto* error = std::get_if<LoadError>(&read)) ADD_FAILURE() << *error;
  auto* faults = std::get_if<std::vector<OracleFault>>(&read);
  return faults ? *faults : std::vector<OracleFault>{};
}

/// The id of the fault with this function, operator and original text (ids move with the code).
int fault_id(const std::string& function, const std::string& op, const std::string& original) {
  for (const OracleFault& m : manifest())
    if (m.function == function && m.op == op && m.original == original) return m.id;
  ADD_FAILURE() << "no fault " << op << " `" << original << "` in " << function;
  return -1;
}

SeedTests week3_tests() {
  auto loaded = uirgrade::load_week(kSource + "/suites", 3);
  const auto& week = std::get<uirgrade::LoadedWeek>(loaded);
  return make_seed_tests(week.tests, 3, week.plan.fuzz_counts, 1, 2);
}

TEST(Schemata, WithNoFaultOnTheyAreTheOracleOnEveryProgram) {
  schemata::g_active = 0;
  ASSERT_GT(every_program().size(), 300u);
  EXPECT_EQ(programs_that_differ(), std::vector<std::string>{});
}

// The comparison above can fail: the fault that accepts every view (E-BOUNDS never reported)
// changes what `check` prints on the programs with an out-of-bounds view.
TEST(Schemata, WithAFaultOnSomeProgramDiffers) {
  schemata::g_active = fault_id("OpRules::bounds", "if-true", "off.lo >= 0 && int64_t{off.hi} + k <= whole.length");
  std::vector<std::string> differ = programs_that_differ();
  schemata::g_active = 0;
  EXPECT_FALSE(differ.empty());
}

TEST(Schemata, TheManifestNamesEveryFaultOnceWithItsSourceLine) {
  std::vector<OracleFault> faults = manifest();
  ASSERT_GT(faults.size(), 1000u);
  for (size_t k = 0; k < faults.size(); ++k) {
    EXPECT_EQ(faults[k].id, static_cast<int>(k) + 1);
    std::ifstream in(kSource + "/" + faults[k].file);
    std::string line;
    for (int n = 0; n < faults[k].line; ++n) std::getline(in, line);
    std::istringstream words(line);
    std::string squeezed, word;
    while (words >> word) squeezed += (squeezed.empty() ? "" : " ") + word;
    EXPECT_EQ(squeezed, faults[k].source_line) << faults[k].file << ":" << faults[k].line;
  }
}

TEST(Schemata, AFaultThatDropsARuleIsDetectedAndTheControlIsNot) {
  SeedTests tests = week3_tests();
  int skip_bounds = fault_id("OpRules::bounds", "if-true", "off.lo >= 0 && int64_t{off.hi} + k <= whole.length");
  std::vector<FaultVerdicts> verdicts = grade_faults({0, skip_bounds}, {tests}, ForkLimits{});
  EXPECT_EQ(verdicts[0].per_seed[0].verdict, Verdict::Undetected) << verdicts[0].per_seed[0].detected_by;
  EXPECT_EQ(verdicts[1].per_seed[0].verdict, Verdict::DetectedByHandWritten);
  EXPECT_NE(verdicts[1].per_seed[0].detected_by.find("bounds"), std::string::npos) << verdicts[1].per_seed[0].detected_by;
}

// oracle/data.cc is shared by the student (stdin, stdout) and the judge (it parses the student's
// stdout): its faults are live only inside a student's run, so that they are never the judge's.
TEST(Schemata, AStdinOrStdoutFaultIsTheStudentsAndNeverTheJudges) {
  const std::vector<uir::SlotData> slots = {{0, uir::DType::I32, {1, 2}}};
  schemata::g_active = fault_id("format_slot_data", "stmt-delete", "out += '\\n';");
  std::string judge = uir::format_slot_data(slots);
  std::string student;
  {
    schemata::StudentSide inside_run;
    student = uir::format_slot_data(slots);
  }
  schemata::g_active = 0;
  EXPECT_EQ(judge, "0: 1 2\n");    // outside run: the oracle's code
  EXPECT_EQ(student, "0: 1 2");     // inside run: the fault's
  EXPECT_EQ(uir::format_slot_data(slots), "0: 1 2\n");
}

/// The recorded equivalents of the files whose path contains one of `files`: each must go undetected
/// by the week's tests. (One test per group of files, so that each stays well within ctest's time
/// limit: an undetected fault grades every test of the week.)
void expect_recorded_equivalents_undetected(const std::vector<std::string>& files) {
  std::vector<OracleFault> faults = manifest();
  auto record = read_equivalents(kSource + "/oracle_faults/equivalent_faults.tsv");
  ASSERT_TRUE(std::holds_alternative<std::vector<Equivalent>>(record)) << std::get<LoadError>(record);
  apply_equivalents(faults, std::get<std::vector<Equivalent>>(record));
  std::vector<int> ids;
  for (const OracleFault& m : faults)
    for (const std::string& file : files)
      if (!m.equivalent_because.empty() && m.file.find(file) != std::string::npos) ids.push_back(m.id);
  ASSERT_FALSE(ids.empty());
  SeedTests tests = week3_tests();
  // An undetected fault grades every test of the week (about 0.2 s alone); under a full ctest on two
  // busy cores that took more than the tool's 5 s, and a slow undetected fault is no hung fault: a
  // generous limit here, so that only a record that is really wrong (a fault that loops) shows as Hung.
  ForkLimits limits;
  limits.seconds_per_unit = 60;
  std::vector<FaultVerdicts> verdicts = grade_faults(ids, {tests}, limits);
  for (const FaultVerdicts& v : verdicts)
    EXPECT_EQ(v.per_seed[0].verdict, Verdict::Undetected) << "fault " << v.id << " is recorded as equivalent but "
                                                        << verdict_name(v.per_seed[0].verdict) << " by "
                                                        << v.per_seed[0].detected_by;
}

TEST(Schemata, EveryRecordedEquivalentMatchesAFault) {
  std::vector<OracleFault> faults = manifest();
  auto record = read_equivalents(kSource + "/oracle_faults/equivalent_faults.tsv");
  ASSERT_TRUE(std::holds_alternative<std::vector<Equivalent>>(record)) << std::get<LoadError>(record);
  std::vector<Equivalent> stale = apply_equivalents(faults, std::get<std::vector<Equivalent>>(record));
  for (const Equivalent& e : stale) ADD_FAILURE() << "equivalent_faults.tsv:" << e.record_line << " matches no fault";
}

TEST(Schemata, EveryRecordedEquivalentOfTheRuleAndPlacementCodeGoesUndetectedByTheWeek) {
  expect_recorded_equivalents_undetected({"op_rules", "typecheck", "intervals", "statement_analysis", "validate", "linearize",
                                          "load_placement", "loop_order", "nesting", "liveness", "users", "range_set",
                                          "schedule"});
}

TEST(Schemata, EveryRecordedEquivalentOfTheParserGoesUndetectedByTheWeek) {
  expect_recorded_equivalents_undetected({"oracle/parse"});
}

TEST(Schemata, EveryRecordedEquivalentOfTheOpsStdinAndInterpreterGoesUndetectedByTheWeek) {
  expect_recorded_equivalents_undetected({"scalar_ops", "oracle/data", "mutant_run"});
}

// make_schemata.py numbers an && / || site's faults lcr, drop-lhs, drop-rhs: the switch must do what
// the manifest says each one does (drop-lhs keeps the right operand), or every record and undetected
// fault of those operators describes the other fault. (It did not until issue 23's triage: swapped.)
TEST(Schemata, AndOrFaultsDoWhatTheManifestSays) {
  auto left = [] { return true; };
  auto right = [] { return false; };
  const int k = 7;  // the site's first fault
  schemata::g_active = 0;
  EXPECT_FALSE(schemata::land(k, left, right));
  EXPECT_TRUE(schemata::lor(k, left, right));
  schemata::g_active = k;  // lcr
  EXPECT_TRUE(schemata::land(k, left, right));
  EXPECT_FALSE(schemata::lor(k, left, right));
  schemata::g_active = k + 1;  // drop-lhs: `a && b` becomes `b`
  EXPECT_FALSE(schemata::land(k, left, right));
  EXPECT_FALSE(schemata::lor(k, left, right));
  schemata::g_active = k + 2;  // drop-rhs: `a && b` becomes `a`
  EXPECT_TRUE(schemata::land(k, left, right));
  EXPECT_TRUE(schemata::lor(k, left, right));
  schemata::g_active = 0;
  // And the manifest numbers them in that order.
  auto manifest = read_manifest(kManifest);
  ASSERT_TRUE(std::holds_alternative<std::vector<OracleFault>>(manifest));
  const auto& all = std::get<std::vector<OracleFault>>(manifest);
  int checked = 0;
  for (size_t i = 0; i + 2 < all.size(); ++i)
    if (all[i].op == "lcr" && all[i + 1].op == "drop-lhs" && all[i + 2].op == "drop-rhs") {
      EXPECT_EQ(all[i + 1].id, all[i].id + 1);
      EXPECT_EQ(all[i + 2].id, all[i].id + 2);
      ++checked;
    }
  EXPECT_GT(checked, 10);
}

}  // namespace
}  // namespace oracle_faults
