// The suites' self-check: every header of every test file against the oracle library.
//
// Each file is checked once, even when the manifest grades it in both modes. A valid program runs
// under two seeds, so an `expect S:` that only holds for one draw of random data is caught too.
// f32 expectations are compared exactly (both NaN counts as equal): they are worked out by hand
// from the spec, so "close" would hide the very rounding the edge tests are about. Coverage counts
// come from the parsed programs (every statement, function bodies included), never from file text.
#include "grader/suite_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <ostream>
#include <set>
#include <vector>

#include "grader/clause_coverage.h"
#include "grader/render/kernel_text.h"
#include "grader/shape_coverage.h"
#include "grader/render/render_check.h"
#include "testcase/suite.h"
#include "testcase/case_data.h"
#include "mutation/catalogue_variant.h"
#include "oracle/oracle.h"

namespace uirgrade {
namespace {

constexpr uint64_t kSeeds[] = {1, 2};

bool same_word(uir::DType dtype, uint32_t a, uint32_t b) {
  if (dtype == uir::DType::I32) return a == b;
  float fa = std::bit_cast<float>(a), fb = std::bit_cast<float>(b);
  return (std::isnan(fa) && std::isnan(fb)) || fa == fb;
}

/// "v1 v2 ...", formatted as the oracle prints a slot line (spec §6.1).
std::string format_words(uir::DType dtype, const std::vector<uint32_t>& words) {
  std::string line = uir::format_slot_data({uir::SlotData{0, dtype, words}});  // "0: v1 v2 ...\n"
  line = line.substr(line.find(':') + 1);
  if (!line.empty() && line.front() == ' ') line.erase(0, 1);
  if (!line.empty() && line.back() == '\n') line.pop_back();
  return line;
}

template <typename F>
void for_each_stmt(const uir::Program& program, F&& f) {
  for (const uir::Function& fn : program.funcs)
    for (const uir::Stmt& st : fn.body) f(st);
  for (const uir::Stmt& st : program.stmts) f(st);
}

class Checker {
 public:
  Checker(std::ostream& out, const Mutants& mutants) : out_(out), mutants_(mutants) {}

  void problem(const std::string& file, int line, const std::string& message) {
    ++problems_;
    out_ << format_suite_error(SuiteError{file, line, message}) << "\n";
  }

  /// Checks one test file (its first TestCase; modes share the file and its headers).
  void check(const TestCase& test, bool has_render_mode) {
    uir::Compiled compiled = uir::compile(test.path, test.source, mutant_variant(mutants_));
    if (test.expect_exit == 2) return check_invalid(test, compiled);
    if (compiled.error)
      return problem(test.path, header_line(test, "expect"),
                     fmt::format("the header says exit {}, the oracle finds the program invalid: {}",
                                 test.expect_exit, uir::error_headline(test.path, *compiled.error)));
    count_ops(test, compiled.program);
    std::vector<uir::SlotSpec> specs = uir::slot_specs(compiled.program);
    for (uint64_t seed : kSeeds)
      if (!check_run(test, compiled, specs, seed)) return;
    if (!has_render_mode) return;
    const std::string c = uir::render_c(compiled);
    if (c.size() > kMaxKernelBytes)
      // No compiler could pass it: the grader refuses a kernel over spec §6.2's size before reading it.
      problem(test.path, 1,
              fmt::format("a render test, but the oracle's C is {} bytes, more than the {} a kernel may be "
                          "(spec §6.2): grade it in run mode only",
                          c.size(), kMaxKernelBytes));
    if (test.render_loops) {
      // The same count the grader applies to a student's C (comments and strings ignored).
      int loops = count_for_loops(c);
      if (loops != *test.render_loops)
        problem(test.path, header_line(test, "render"),
                fmt::format("the oracle's C has {} for loops, the header says loops={}", loops,
                            *test.render_loops));
    }
  }

  /// The coverage table; an op or rule that no test covers is a problem.
  void print_coverage(const std::vector<int>& weeks) {
    out_ << "\ncoverage: valid tests using each op, tests naming each rule in '# error:', by week\n";
    std::string header = fmt::format("  {:<18}", "op / rule");
    for (int w : weeks) header += fmt::format("{:>7}", fmt::format("week{}", w));
    out_ << header << fmt::format("{:>7}", "total") << "\n";
    auto row = [&](std::string_view name, const std::map<int, int>& by_week) {
      int total = 0;
      std::string line = fmt::format("  {:<18}", name);
      for (int w : weeks) {
        auto it = by_week.find(w);
        int n = it == by_week.end() ? 0 : it->second;
        total += n;
        line += fmt::format("{:>7}", n);
      }
      line += fmt::format("{:>7}", total);
      if (total == 0) {
        line += "   <- no test covers it";
        ++problems_;
      }
      out_ << line << "\n";
    };
    for (const uir::OpInfo& info : uir::op_table())
      if (info.op != uir::Op::Param) row(info.spelling, op_tests_[info.op]);
    for (const uir::RuleInfo& info : uir::rule_table()) row(info.id, rule_counts_[std::string(info.id)]);
  }

  int problems() const { return problems_; }
  void count_problem() { ++problems_; }

 private:
  static int header_line(const TestCase& test, const std::string& key) {
    auto it = test.header_lines.find(key);
    return it == test.header_lines.end() ? 0 : it->second;
  }

  /// An `exit 2` test: the oracle must refuse the program, with the header's rule when it names one.
  void check_invalid(const TestCase& test, const uir::Compiled& compiled) {
    if (!compiled.error)
      return problem(test.path, header_line(test, "expect"),
                     "the oracle finds the program valid, the header says exit 2");
    std::string_view rule = uir::rule_info(compiled.error->rule).id;
    if (test.expect_error_rule && *test.expect_error_rule != rule)
      problem(test.path, header_line(test, "error"),
              fmt::format("the oracle reports {}, the header says {}: {}", rule, *test.expect_error_rule,
                          uir::error_headline(test.path, *compiled.error)));
    ++rule_counts_[std::string(rule)][test.week];
  }

  /// Counts the ops a valid test uses, and reports those newer than the test's week.
  void count_ops(const TestCase& test, const uir::Program& program) {
    std::set<uir::Op> ops_in_test;
    for_each_stmt(program, [&](const uir::Stmt& st) {
      if (st.op == uir::Op::Param) return;  // made by the parser from a `func` header, never written
      const uir::OpInfo& info = uir::op_info(st.op);
      if (info.week > test.week)
        problem(test.path, st.line,
                fmt::format("'{}' is a week-{} op in a week-{} test", info.spelling, info.week, test.week));
      ops_in_test.insert(st.op);
    });
    for (uir::Op op : ops_in_test) ++op_tests_[op][test.week];
  }

  /// Runs a valid test under one seed against its exit, assert and contents headers, reporting each
  /// header it disagrees with; false when it disagreed (the next seed would repeat the same lines).
  bool check_run(const TestCase& test, const uir::Compiled& compiled, const std::vector<uir::SlotSpec>& specs,
                 uint64_t seed) {
    const std::string under = fmt::format(" (seed {})", seed);
    bool agreed = true;
    auto disagree = [&](const std::string& header, const std::string& message) {
      problem(test.path, header_line(test, header), message);
      agreed = false;
      return false;
    };
    auto inputs = make_input_data(test, specs, seed);
    if (auto* e = std::get_if<SuiteError>(&inputs)) {
      problem(e->file, e->line, e->message);
      return false;
    }
    uir::RunResult result = uir::run(compiled, std::get<std::vector<uir::SlotData>>(inputs));
    if (result.exit_code != test.expect_exit) {
      std::string failed =
          result.exit_code == 1 ? fmt::format(" (assert on line {} failed)", result.failed_assert_line) : "";
      return disagree("expect", fmt::format("the oracle exits {}, the header says exit {}{}{}",
                                            result.exit_code, test.expect_exit, failed, under));
    }
    if (test.expect_assert_line && result.failed_assert_line != *test.expect_assert_line)
      disagree("expect assert", fmt::format("the oracle's failing assert is on line {}, the header says {}",
                                            result.failed_assert_line, *test.expect_assert_line));
    for (const auto& [slot, expected_text] : test.expect_slots) {
      const std::string header = "expect " + std::to_string(slot);
      auto found = std::find_if(result.buffers.begin(), result.buffers.end(),
                                [&, slot = slot](const uir::SlotData& d) { return d.slot == slot; });
      if (found == result.buffers.end()) {
        disagree(header, fmt::format("the oracle has no slot {}", slot));
        continue;
      }
      std::vector<uint32_t> expected;
      for (const std::string& v : expected_text) {
        std::optional<uint32_t> word = uir::parse_slot_value(found->dtype, v);
        if (!word) {
          disagree(header, fmt::format("'{}' is not {}", v, uir::dtype_name(found->dtype)));
          break;
        }
        expected.push_back(*word);
      }
      if (expected.size() != expected_text.size()) continue;
      size_t first_difference = 0;
      while (first_difference < expected.size() && first_difference < found->words.size() &&
             same_word(found->dtype, expected[first_difference], found->words[first_difference]))
        ++first_difference;
      bool same = expected.size() == found->words.size() && first_difference == expected.size();
      if (!same) {
        // Which value differs: in a list of 64 values, the place to look.
        std::string where =
            first_difference < expected.size() && first_difference < found->words.size()
                ? fmt::format("first difference at index {}: the oracle gives {}, the header says {}", first_difference,
                              format_words(found->dtype, {found->words[first_difference]}),
                              format_words(found->dtype, {expected[first_difference]}))
                : fmt::format("the oracle gives {} values, the header {}", found->words.size(), expected.size());
        disagree(header, fmt::format("slot {}: {}; the oracle gives [{}], the header says [{}]{}", slot, where,
                                     format_words(found->dtype, found->words), format_words(found->dtype, expected),
                                     under));
      }
    }
    return agreed;
  }

  std::ostream& out_;
  Mutants mutants_;
  int problems_ = 0;
  std::map<uir::Op, std::map<int, int>> op_tests_;
  std::map<std::string, std::map<int, int>> rule_counts_;
};

/// A folder of suites_dir that holds tests (a suite.yaml or a .uir file) but that no week of
/// weeks.yaml lists is never graded: a problem, with the fix.
void report_unlisted_suite_folders(const std::string& suites_dir, const std::vector<std::string>& listed,
                                   Checker& checker) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<std::string> unlisted;
  for (const fs::directory_entry& entry : fs::directory_iterator(suites_dir, ec)) {
    std::string name = entry.path().filename().string();
    if (!entry.is_directory(ec) || name.starts_with(".")) continue;
    if (std::find(listed.begin(), listed.end(), name) != listed.end()) continue;
    bool holds_tests = fs::exists(entry.path() / "suite.yaml", ec);
    for (const fs::directory_entry& file : fs::directory_iterator(entry.path(), ec))
      holds_tests = holds_tests || file.path().extension() == ".uir";
    if (holds_tests) unlisted.push_back(name);
  }
  std::sort(unlisted.begin(), unlisted.end());
  for (const std::string& name : unlisted)
    checker.problem(suites_dir + "/" + name, 0,
                    fmt::format("a suite folder that weeks.yaml does not list: its tests are never graded; add "
                                "'{}' to a week's suites: in {}/weeks.yaml (or move the folder out of {})",
                                name, suites_dir, suites_dir));
}

/// `# about:` texts that differ only in case, spaces or punctuation ("accumulator not reset" and
/// "Accumulator not reset.") split one cause of the class report in two: a warning naming both.
void warn_near_duplicate_abouts(const std::vector<TestCase>& tests, std::ostream& out) {
  std::map<std::string, std::pair<std::string, const TestCase*>> first_by_key;  // key -> (text, test)
  std::set<std::pair<std::string, std::string>> warned;
  for (const TestCase& test : tests) {
    if (test.about.empty()) continue;
    std::string key;
    for (char ch : test.about)
      if (std::isalnum(static_cast<unsigned char>(ch))) key += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    auto [it, inserted] = first_by_key.try_emplace(key, test.about, &test);
    if (inserted || it->second.first == test.about || !warned.insert({it->second.first, test.about}).second) continue;
    auto line = test.header_lines.find("about");
    out << format_suite_warning(SuiteError{
               test.path, line == test.header_lines.end() ? 0 : line->second,
               fmt::format("'# about: {}' differs from '{}' ({}) only in case, spaces or punctuation: the class "
                           "report counts them as two causes; write them alike",
                           test.about, it->second.first, it->second.second->path)})
        << "\n";
  }
}

}  // namespace

int check_suites(const std::string& suites_dir, std::ostream& out, const Mutants& mutants, bool coverage,
                 SuiteTests* checked) {
  Checker checker(out, mutants);
  PlansLoad plans = load_plans_fully(suites_dir);
  for (const SuiteError& e : plans.errors) checker.problem(e.file, e.line, e.message);
  std::vector<std::string> suites;
  for (const WeekPlan& plan : plans.plans)
    for (const std::string& s : plan.suites)
      if (std::find(suites.begin(), suites.end(), s) == suites.end()) suites.push_back(s);

  std::set<int> weeks;
  std::vector<TestCase> files_checked;  // one TestCase per file, for the clause table
  int files = 0;
  std::vector<TestCase> all_tests;
  for (const std::string& suite : suites) {
    SuiteLoad loaded = load_suite_fully(suites_dir + "/" + suite, suite, 0);
    for (const SuiteError& e : loaded.errors) checker.problem(e.file, e.line, e.message);
    // A misspelt header is a check silently gone: a problem, not a warning. Deliberate free text
    // that happens to look like one says so by its first word (`# note: expcet 1: ...`).
    for (const SuiteError& w : loaded.warnings)
      checker.problem(w.file, w.line, w.message + " (fix the spelling; for free text start it with '# note:')");
    const std::vector<TestCase>& tests = loaded.tests;
    for (size_t i = 0; i < tests.size(); ++i) {
      if (i > 0 && tests[i].path == tests[i - 1].path) continue;  // the same file in its second mode
      bool has_render =
          tests[i].mode == Mode::Render ||
          (i + 1 < tests.size() && tests[i + 1].path == tests[i].path && tests[i + 1].mode == Mode::Render);
      weeks.insert(tests[i].week);
      checker.check(tests[i], has_render);
      if (coverage) files_checked.push_back(tests[i]);
      ++files;
    }
    all_tests.insert(all_tests.end(), loaded.tests.begin(), loaded.tests.end());
    if (checked && loaded.errors.empty()) (*checked)[suite] = std::move(loaded.tests);
  }
  if (plans.errors.empty()) report_unlisted_suite_folders(suites_dir, suites, checker);  // else all look unlisted
  warn_near_duplicate_abouts(all_tests, out);
  // Coverage is a question about the whole suite, asked on demand: a one-test quiz is a fine suite.
  // With files that did not load, "no test covers it" would be false: say so instead.
  if (coverage && checker.problems() > 0)
    out << "\ncoverage: not checked while the suites have problems (a file that does not load covers nothing)\n";
  else if (coverage) {
    checker.print_coverage(std::vector<int>(weeks.begin(), weeks.end()));
    for (int k = print_clause_coverage(out, files_checked, plans.plans); k > 0; --k) checker.count_problem();
    for (int k = print_shape_coverage(out, files_checked, plans.plans); k > 0; --k) checker.count_problem();
  }
  out << fmt::format("\n{} test file{} in {} suite{}: {} problem{}\n", files, files == 1 ? "" : "s", suites.size(),
                     suites.size() == 1 ? "" : "s", checker.problems(), checker.problems() == 1 ? "" : "s");
  return checker.problems();
}

}  // namespace uirgrade
