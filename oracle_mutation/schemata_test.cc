// The schemata and the tool built on them: with no mutant on they are the oracle (compared with the
// real `uir-oracle` binary, a separate build without schemata, on every program of the repository),
// a mutant that removes a rule is killed by the week's tests, and every mutant recorded as
// equivalent survives them (a wrong record fails here).
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "testcase/suite.h"
#include "oracle/cli.h"
#include "oracle/data.h"
#include "oracle_mutation/grading.h"
#include "oracle_mutation/manifest.h"
#include "oracle_mutation/schemata.h"
#include "uirgrade_paths.h"

namespace uir_mutation {
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

/// The same command in-process, on the schemata with whatever mutant g_active names.
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

std::vector<OracleMutant> manifest() {
  auto read = read_manifest(kManifest);
  if (auto* error = std::get_if<LoadError>(&read)) ADD_FAILURE() << *error;
  auto* mutants = std::get_if<std::vector<OracleMutant>>(&read);
  return mutants ? *mutants : std::vector<OracleMutant>{};
}

/// The id of the mutant with this function, operator and original text (ids move with the code).
int mutant_id(const std::string& function, const std::string& op, const std::string& original) {
  for (const OracleMutant& m : manifest())
    if (m.function == function && m.op == op && m.original == original) return m.id;
  ADD_FAILURE() << "no mutant " << op << " `" << original << "` in " << function;
  return -1;
}

SeedTests week3_tests() {
  auto loaded = uirgrade::load_week(kSource + "/suites", 3);
  const auto& week = std::get<uirgrade::LoadedWeek>(loaded);
  return make_seed_tests(week.tests, 3, week.plan.fuzz_counts, 1, 2);
}

TEST(Schemata, WithNoMutantOnTheyAreTheOracleOnEveryProgram) {
  uir_schemata::g_active = 0;
  ASSERT_GT(every_program().size(), 300u);
  EXPECT_EQ(programs_that_differ(), std::vector<std::string>{});
}

// The comparison above can fail: the mutant that accepts every view (E-BOUNDS never reported)
// changes what `check` prints on the programs with an out-of-bounds view.
TEST(Schemata, WithAMutantOnSomeProgramDiffers) {
  uir_schemata::g_active = mutant_id("OpRules::bounds", "if-true", "off.lo >= 0 && int64_t{off.hi} + k <= whole.length");
  std::vector<std::string> differ = programs_that_differ();
  uir_schemata::g_active = 0;
  EXPECT_FALSE(differ.empty());
}

TEST(Schemata, TheManifestNamesEveryMutantOnceWithItsSourceLine) {
  std::vector<OracleMutant> mutants = manifest();
  ASSERT_GT(mutants.size(), 1000u);
  for (size_t k = 0; k < mutants.size(); ++k) {
    EXPECT_EQ(mutants[k].id, static_cast<int>(k) + 1);
    std::ifstream in(kSource + "/" + mutants[k].file);
    std::string line;
    for (int n = 0; n < mutants[k].line; ++n) std::getline(in, line);
    std::istringstream words(line);
    std::string squeezed, word;
    while (words >> word) squeezed += (squeezed.empty() ? "" : " ") + word;
    EXPECT_EQ(squeezed, mutants[k].source_line) << mutants[k].file << ":" << mutants[k].line;
  }
}

TEST(Schemata, AMutantThatDropsARuleIsKilledAndTheControlIsNot) {
  SeedTests tests = week3_tests();
  int skip_bounds = mutant_id("OpRules::bounds", "if-true", "off.lo >= 0 && int64_t{off.hi} + k <= whole.length");
  std::vector<MutantVerdicts> verdicts = grade_mutants({0, skip_bounds}, {tests}, ForkLimits{});
  EXPECT_EQ(verdicts[0].per_seed[0].verdict, Verdict::Survived) << verdicts[0].per_seed[0].killer;
  EXPECT_EQ(verdicts[1].per_seed[0].verdict, Verdict::KilledByHandWritten);
  EXPECT_NE(verdicts[1].per_seed[0].killer.find("bounds"), std::string::npos) << verdicts[1].per_seed[0].killer;
}

// oracle/data.cc is shared by the student (stdin, stdout) and the judge (it parses the student's
// stdout): its mutants are live only inside a student's run, so that they are never the judge's.
TEST(Schemata, AStdinOrStdoutMutantIsTheStudentsAndNeverTheJudges) {
  const std::vector<uir::SlotData> slots = {{0, uir::DType::I32, {1, 2}}};
  uir_schemata::g_active = mutant_id("format_slot_data", "stmt-delete", "out += '\\n';");
  std::string judge = uir::format_slot_data(slots);
  std::string student;
  {
    uir_schemata::StudentSide inside_run;
    student = uir::format_slot_data(slots);
  }
  uir_schemata::g_active = 0;
  EXPECT_EQ(judge, "0: 1 2\n");    // outside run: the oracle's code
  EXPECT_EQ(student, "0: 1 2");     // inside run: the mutant's
  EXPECT_EQ(uir::format_slot_data(slots), "0: 1 2\n");
}

/// The recorded equivalents of the files whose path contains one of `files`: each must survive the
/// week's tests. (One test per group of files, so that each stays well within ctest's time limit:
/// a survivor grades every test of the week.)
void expect_recorded_equivalents_survive(const std::vector<std::string>& files) {
  std::vector<OracleMutant> mutants = manifest();
  auto record = read_equivalents(kSource + "/oracle_mutation/equivalent_mutants.tsv");
  ASSERT_TRUE(std::holds_alternative<std::vector<Equivalent>>(record)) << std::get<LoadError>(record);
  apply_equivalents(mutants, std::get<std::vector<Equivalent>>(record));
  std::vector<int> ids;
  for (const OracleMutant& m : mutants)
    for (const std::string& file : files)
      if (!m.equivalent_because.empty() && m.file.find(file) != std::string::npos) ids.push_back(m.id);
  ASSERT_FALSE(ids.empty());
  SeedTests tests = week3_tests();
  // A survivor grades every test of the week (about 0.2 s alone); under a full ctest on two busy
  // cores that took more than the tool's 5 s, and a slow survivor is no hung mutant: a generous limit
  // here, so that only a record that is really wrong (a mutant that loops) shows as Hung.
  ForkLimits limits;
  limits.seconds_per_unit = 60;
  std::vector<MutantVerdicts> verdicts = grade_mutants(ids, {tests}, limits);
  for (const MutantVerdicts& v : verdicts)
    EXPECT_EQ(v.per_seed[0].verdict, Verdict::Survived) << "mutant " << v.id << " is recorded as equivalent but "
                                                        << verdict_name(v.per_seed[0].verdict) << " by "
                                                        << v.per_seed[0].killer;
}

TEST(Schemata, EveryRecordedEquivalentMatchesAMutant) {
  std::vector<OracleMutant> mutants = manifest();
  auto record = read_equivalents(kSource + "/oracle_mutation/equivalent_mutants.tsv");
  ASSERT_TRUE(std::holds_alternative<std::vector<Equivalent>>(record)) << std::get<LoadError>(record);
  std::vector<Equivalent> stale = apply_equivalents(mutants, std::get<std::vector<Equivalent>>(record));
  for (const Equivalent& e : stale) ADD_FAILURE() << "equivalent_mutants.tsv:" << e.record_line << " matches no mutant";
}

TEST(Schemata, EveryRecordedEquivalentOfTheRuleAndPlacementCodeSurvivesTheWeek) {
  expect_recorded_equivalents_survive({"op_rules", "typecheck", "intervals", "statement_analysis", "validate", "linearize",
                                       "load_placement", "loop_order", "nesting", "liveness", "users", "range_set",
                                       "schedule"});
}

TEST(Schemata, EveryRecordedEquivalentOfTheParserSurvivesTheWeek) {
  expect_recorded_equivalents_survive({"oracle/parse"});
}

TEST(Schemata, EveryRecordedEquivalentOfTheOpsStdinAndInterpreterSurvivesTheWeek) {
  expect_recorded_equivalents_survive({"scalar_ops", "oracle/data", "mutant_run"});
}

// make_schemata.py numbers an && / || site's mutants lcr, drop-lhs, drop-rhs: the switch must do what
// the manifest says each one does (drop-lhs keeps the right operand), or every record and survivor
// of those operators describes the other mutant. (It did not until issue 23's triage: swapped.)
TEST(Schemata, AndOrMutantsDoWhatTheManifestSays) {
  auto left = [] { return true; };
  auto right = [] { return false; };
  const int k = 7;  // the site's first mutant
  uir_schemata::g_active = 0;
  EXPECT_FALSE(uir_schemata::land(k, left, right));
  EXPECT_TRUE(uir_schemata::lor(k, left, right));
  uir_schemata::g_active = k;  // lcr
  EXPECT_TRUE(uir_schemata::land(k, left, right));
  EXPECT_FALSE(uir_schemata::lor(k, left, right));
  uir_schemata::g_active = k + 1;  // drop-lhs: `a && b` becomes `b`
  EXPECT_FALSE(uir_schemata::land(k, left, right));
  EXPECT_FALSE(uir_schemata::lor(k, left, right));
  uir_schemata::g_active = k + 2;  // drop-rhs: `a && b` becomes `a`
  EXPECT_TRUE(uir_schemata::land(k, left, right));
  EXPECT_TRUE(uir_schemata::lor(k, left, right));
  uir_schemata::g_active = 0;
  // And the manifest numbers them in that order.
  auto manifest = read_manifest(kManifest);
  ASSERT_TRUE(std::holds_alternative<std::vector<OracleMutant>>(manifest));
  const auto& all = std::get<std::vector<OracleMutant>>(manifest);
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
}  // namespace uir_mutation
