// Properties every linear list must have (book §5.4's five constraints, spec §5.3), checked with
// plain loops over the list, on the suites' valid programs and on generated week-3 programs:
//   - every live statement is placed exactly once, and nothing else;
//   - topological: after its operands, and each live load before the store into its version;
//   - nested: a close ends the innermost open loop, depth is the number of open loops, none stay open;
//   - scoped: every open range of a statement is open when it runs;
//   - shallow: a value runs with its own innermost range innermost (loads and views may move in).
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "generators/generate.h"
#include "mutation/catalogue_variant.h"
#include "oracle/oracle.h"
#include "uirgrade_paths.h"

namespace uir {
namespace {

std::string check_linear_list(const Compiled& compiled) {
  const std::vector<Stmt>& stmts = compiled.program.stmts;
  const Linear& linear = compiled.linear;
  std::vector<int> position(stmts.size(), -1);
  std::vector<int32_t> open;
  std::ostringstream problems;
  for (size_t p = 0; p < linear.items.size(); ++p) {
    const Placed& item = linear.items[p];
    const Stmt& stmt = stmts[item.stmt];
    std::string at = "line " + std::to_string(stmt.line) + ": ";
    if (position[item.stmt] >= 0) problems << at << "placed twice\n";
    position[item.stmt] = static_cast<int>(p);
    if (!linear.live[item.stmt]) problems << at << "placed but not live\n";
    for (const Operand& operand : stmt.operands)
      if (operand.kind == Operand::Kind::Ref && position[operand.ref] < 0) problems << at << "before an operand\n";
    bool is_view_or_load = stmt.op == Op::Load || stmt.op == Op::Shrink;
    if (stmt.op == Op::End) {
      int32_t closes = stmt.operands.back().ref;
      if (open.empty() || open.back() != closes) problems << at << "closes a loop that is not innermost\n";
      else open.pop_back();
    }
    for (int32_t r : stmt.open_ranges)
      if (r != item.stmt && std::find(open.begin(), open.end(), r) == open.end())
        problems << at << "runs outside a loop of its open ranges\n";
    if (stmt.op != Op::End && stmt.op != Op::Range && !is_view_or_load) {
      int32_t innermost = open.empty() ? -1 : open.back();
      bool own = stmt.open_ranges.empty() ? innermost == -1
                                          : std::find(stmt.open_ranges.begin(), stmt.open_ranges.end(),
                                                      innermost) != stmt.open_ranges.end();
      if (!own) problems << at << "runs deeper than its open ranges need\n";
    }
    if (stmt.op == Op::Range) open.push_back(item.stmt);
    if (item.depth != static_cast<int>(open.size())) problems << at << "wrong depth\n";
  }
  if (!open.empty()) problems << "loops left open\n";
  for (size_t s = 0; s < stmts.size(); ++s)
    if (linear.live[s] && position[s] < 0) problems << "line " << stmts[s].line << ": live but not placed\n";
  // Each live load runs before the store into the version it reads.
  for (size_t ld = 0; ld < stmts.size(); ++ld) {
    if (!linear.live[ld] || stmts[ld].op != Op::Load) continue;
    for (size_t st = 0; st < stmts.size(); ++st)
      if (linear.live[st] && stmts[st].op == Op::Store && stmts[st].version == stmts[ld].version &&
          position[st] < position[ld])
        problems << "line " << stmts[ld].line << ": load after the store into its version\n";
  }
  return problems.str();
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(LinearizeInvariants, CatchTheBooksAttemptB) {
  // The check itself can fail: the planted attempt (b) nests the reduce loop inside the output loop,
  // so the read-back of the row sum runs deeper than its open ranges need.
  const OracleVariant& attempt_b = uirgrade::mutant_variant(uirgrade::Mutants::of(uirgrade::Mutant::SubsetScope));
  Compiled compiled = compile("t.uir", read_file(UIRGRADE_SOURCE_DIR "/suites/week3/sub_rowsum_output_range_first.uir"),
                              attempt_b);
  ASSERT_FALSE(compiled.error.has_value());
  EXPECT_NE(check_linear_list(compiled).find("runs deeper than its open ranges need"), std::string::npos);
}

TEST(LinearizeInvariants, HoldOnEveryValidSuiteProgram) {
  int checked = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(UIRGRADE_SOURCE_DIR "/suites")) {
    if (entry.path().extension() != ".uir") continue;
    Compiled compiled = compile(entry.path().string(), read_file(entry.path()));
    if (compiled.error) continue;
    EXPECT_EQ(check_linear_list(compiled), "") << entry.path();
    ++checked;
  }
  EXPECT_GT(checked, 50);
}

TEST(LinearizeInvariants, HoldOnGeneratedWeek3Programs) {
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    uirgen::GeneratedProgram generated = uirgen::sample_program(3, seed, static_cast<int>(seed % 150));
    std::string text = uirgen::program_text(generated);
    Compiled compiled = compile("gen.uir", text);
    ASSERT_FALSE(compiled.error) << "seed " << seed << "\n" << text;
    ASSERT_EQ(check_linear_list(compiled), "") << "seed " << seed << "\n" << text;
  }
}

}  // namespace
}  // namespace uir
