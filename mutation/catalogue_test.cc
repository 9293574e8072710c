// The mutant catalogue: names are unique and findable, every entry says what it does and where the
// course teaches the right thing, and every mutant is alive: on its own small program
// (mutation/testdata/mutants/<name>.uir) the oracle and the mutant disagree, and each side gives the
// outcome worked out by hand in the file's `# oracle:` and `# mutant:` lines.
#include "mutation/catalogue.h"

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "mutation/catalogue_variant.h"
#include "mutation/mutant_run.h"
#include "oracle/c_toolchain_testing.h"
#include "oracle/cli.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

using uir::Compiled;
using uir::kExitAssert;
using uir::kExitInvalid;
using uir::kExitOk;
using uir::Kind;
using uir::Op;
using uir::Placed;
using uir::RunResult;
using uir::Stmt;
namespace oracle_testing = uir::testing;

std::string testdata_path(std::string_view name) {
  return std::string(UIRGRADE_SOURCE_DIR) + "/mutation/testdata/mutants/" + std::string(name) + ".uir";
}

/// The value of header `# key: ...` in `text` ('|' stands for a line break), or "".
std::string header(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("# " + key + ": ", 0) == 0) return line.substr(key.size() + 4);
  return "";
}

std::string with_line_breaks(std::string s) {
  std::string out;
  for (size_t k = 0; k < s.size(); ++k) {
    if (s.compare(k, 3, " | ") == 0) out += '\n', k += 2;
    else out += s[k];
  }
  return out + "\n";
}

/// What the grader sees of the rendered kernel's run: the mutant's program as rendered (the mutants
/// that show in render), run by the mutant interpreter like the compiled C would run it.
std::string rendered_outcome(const std::string& text, const std::string& stdin_text, const Mutants& mutants) {
  Compiled compiled = uir::compile("t.uir", text, mutant_variant(mutants));
  if (compiled.error) return "exit 2 " + std::string(uir::rule_info(compiled.error->rule).id);
  auto data = uir::parse_slot_data(stdin_text, uir::slot_specs(compiled.program));
  RunResult r = run_with_mutants(compiled, std::get<std::vector<uir::SlotData>>(data), mutants.showing_in(MUTANT_RENDER));
  if (r.exit_code != 0 && r.exit_code != 1) return "exit " + std::to_string(r.exit_code);
  std::string lines = uir::format_slot_data(r.buffers);
  for (size_t k = 0; (k = lines.find('\n', k)) != std::string::npos && k + 1 < lines.size();) lines.replace(k, 1, " | ");
  lines.pop_back();
  return "exit " + std::to_string(r.exit_code) + " | " + lines;
}

/// Where each value and view of the program runs, for a mutant whose outcome is its placement only
/// (`# compare: placement`, e.g. values-in-uses-loop: the same buffers, more work): "%x@%i" is a
/// value computed in the loop %i, "%y@top" one outside every loop; in the order they are placed.
std::string placement_outcome(const std::string& text, const Mutants& mutants) {
  Compiled compiled = uir::compile("t.uir", text, mutant_variant(mutants));
  if (compiled.error) return "exit 2";
  std::vector<std::string> open;
  std::string outcome;
  for (const Placed& item : compiled.linear.items) {
    const Stmt& s = compiled.program.stmts[item.stmt];
    if (s.op == Op::End) open.pop_back();
    if (s.op == Op::Range) open.push_back(s.name);
    if (s.op == Op::Range || s.op == Op::Load || (s.kind != Kind::Value && s.kind != Kind::View)) continue;
    outcome += (outcome.empty() ? "" : " ") + s.name + "@" + (open.empty() ? "top" : open.back());
  }
  return outcome;
}

/// What a grader sees of `uir-oracle run PROG` or `uir-mutant NAME run PROG`, in one line:
/// "exit 0 | 0: 1 2 | 1: 3", "exit 1 assert 9 | ..." (the line stderr names), "exit 2 E-RULE line 7",
/// or "exit N" for a crash.
std::string run_outcome(const std::string& text, const std::string& stdin_text, const Mutants& mutants) {
  if (header(text, "command") == "render") return rendered_outcome(text, stdin_text, mutants);
  if (header(text, "compare") == "placement") return placement_outcome(text, mutants);
  std::istringstream in(stdin_text);
  std::ostringstream out, err;
  int code = uir::cli_run({"t.uir", text}, in, out, err, mutant_variant(mutants));
  std::string outcome = "exit " + std::to_string(code);
  if (code == kExitInvalid) {
    std::string e = err.str();  // "t.uir:LINE: error: RULE: ..."
    size_t rule = e.find("error: ") + 7;
    return outcome + " " + e.substr(rule, e.find(':', rule) - rule) + " line " + e.substr(6, e.find(':', 6) - 6);
  }
  if (code == kExitAssert) outcome += " assert " + err.str().substr(6, err.str().find(':', 6) - 6);
  if (code != kExitOk && code != kExitAssert) return outcome;
  std::string lines = out.str();
  for (size_t k = 0; (k = lines.find('\n', k)) != std::string::npos && k + 1 < lines.size();) lines.replace(k, 1, " | ");
  if (!lines.empty() && lines.back() == '\n') lines.pop_back();
  return outcome + " | " + lines;
}

TEST(Mutants, CatalogueNamesAreUniqueAndDocumented) {
  std::set<std::string_view> names;
  for (const MutantInfo& m : mutant_catalogue()) {
    EXPECT_TRUE(names.insert(m.name).second) << m.name;
    EXPECT_EQ(find_mutant(m.name), m.id);
    EXPECT_EQ(&mutant_info(m.id), &m);
    EXPECT_FALSE(m.description.empty()) << m.name;
    EXPECT_FALSE(m.source.empty()) << m.name;
    EXPECT_NE(m.affects, 0u) << m.name;
    EXPECT_TRUE(m.week >= 1 && m.week <= 3) << m.name;
  }
  EXPECT_FALSE(find_mutant("no-such-mutant").has_value());
}

TEST(Mutants, ShowingInKeepsOnlyTheCommandsABugShowsIn) {
  Mutants both = Mutants::of(Mutant::LoadsNeverMove);
  EXPECT_EQ(both.showing_in(MUTANT_RUN), both);
  EXPECT_EQ(both.showing_in(MUTANT_RENDER), both);
  EXPECT_FALSE(Mutants().showing_in(MUTANT_RUN).any());
}

// Every mutant changes at least one program: its own testdata file, where both outcomes are the
// ones worked out by hand (the file's comments say why).
TEST(Mutants, EachMutantDiffersFromTheOracleOnItsProgram) {
  for (const MutantInfo& m : mutant_catalogue()) {
    SCOPED_TRACE(std::string(m.name));
    std::string path = testdata_path(m.name);
    ASSERT_TRUE(std::filesystem::exists(path)) << path;
    std::string text = oracle_testing::read_text_file(path);
    std::string input = with_line_breaks(header(text, "stdin"));
    std::string oracle = run_outcome(text, input, {});
    std::string mutant = run_outcome(text, input, Mutants::of(m.id));
    EXPECT_EQ(oracle, header(text, "oracle"));
    EXPECT_EQ(mutant, header(text, "mutant"));
    EXPECT_NE(oracle, mutant);
  }
}

// The grader's in-process runner simulates a mutant's compiled kernel with the mutant interpreter
// (grader/mutant_runner.h): on every mutant's program, the C the mutant renders, compiled with the
// grader's flags and sanitizers (a report exits 86) and run, gives what that simulation gives.
TEST(Mutants, TheRenderedCOfEachMutantRunsAsItsSimulationSays) {
  for (const MutantInfo& m : mutant_catalogue()) {
    if (!(m.affects & MUTANT_RENDER)) continue;
    SCOPED_TRACE(std::string(m.name));
    std::string text = oracle_testing::read_text_file(testdata_path(m.name));
    std::string input = with_line_breaks(header(text, "stdin"));
    Compiled compiled = uir::compile("t.uir", text, mutant_variant(Mutants::of(m.id)));
    if (compiled.error) continue;  // a check mutant refusing its program refuses it in render too
    oracle_testing::ScratchDir dir("mutant_c");
    std::string driver = uir::render_driver(uir::slot_specs(compiled.program), "t.uir");
    oracle_testing::CBinary binary = oracle_testing::build_c(dir.path(), uir::render_c(compiled), driver);
    ASSERT_TRUE(binary.built) << binary.compiler_output;
    oracle_testing::write_text_file(dir.path() / "in.txt", input);
    int code = oracle_testing::shell("ASAN_OPTIONS=detect_leaks=0:exitcode=86 UBSAN_OPTIONS=halt_on_error=1:exitcode=86 " +
                                     binary.exe.string() + " < " + (dir.path() / "in.txt").string() + " > " +
                                     (dir.path() / "out.txt").string() + " 2>/dev/null");
    std::string c_outcome = "exit " + std::to_string(code);
    if (code == 0 || code == 1) {
      std::string lines = oracle_testing::read_text_file(dir.path() / "out.txt");
      for (size_t k = 0; (k = lines.find('\n', k)) != std::string::npos && k + 1 < lines.size();) lines.replace(k, 1, " | ");
      if (!lines.empty()) lines.pop_back();
      c_outcome += " | " + lines;
    }
    std::string simulated = rendered_outcome(text, input, Mutants::of(m.id));
    EXPECT_EQ(c_outcome, simulated);
  }
}

// The same bug as a student executable: `uir-mutant NAME run PROG` (the README demo's name), a
// clear refusal of a name not in the catalogue, the catalogue listed, and `uir-oracle`'s old
// spelling of it pointing here.
TEST(Mutants, TheToolRunsAMutantAsAStudentWould) {
  std::string oracle = std::string(UIRGRADE_BINARY_DIR) + "/uir-oracle";
  std::string tool = std::string(UIRGRADE_BINARY_DIR) + "/uir-mutant";
  std::string prog = testdata_path("loads-never-move");
  std::string data = ::testing::TempDir() + "/mutant_cli_data.txt";
  {
    std::ofstream(data) << "0: 1 2 3\n1: 0\n";
  }
  auto output_of = [](const std::string& command) {
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    char buf[256];
    while (pipe && fgets(buf, sizeof buf, pipe)) out += buf;
    int status = pipe ? pclose(pipe) : -1;
    return out + "status " + std::to_string(WEXITSTATUS(status));
  };
  EXPECT_EQ(output_of(oracle + " run " + prog + " < " + data), "0: 1 2 3\n1: 6\nstatus 0");
  EXPECT_EQ(output_of(tool + " loads-never-move run " + prog + " < " + data), "0: 1 2 3\n1: 3\nstatus 0");
  EXPECT_EQ(output_of(tool + " no-such-bug run " + prog + " 2>&1"),
            "uir-mutant: unknown mutant 'no-such-bug' (uir-mutant --list)\nstatus 2");
  EXPECT_EQ(output_of(oracle + " --mutant loads-never-move run " + prog + " 2>&1"),
            "uir-oracle: --mutant moved to uir-mutant: uir-mutant NAME check|run|render|lin PROG.uir\nstatus 2");
  std::string listed = output_of(tool + " --list");
  for (const MutantInfo& m : mutant_catalogue()) EXPECT_NE(listed.find(std::string(m.name) + "\t"), std::string::npos);
}

}  // namespace
}  // namespace uirgrade
