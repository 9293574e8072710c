#include "reports/report_digest.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include <fmt/format.h>

namespace uirgrade {
namespace {

/// The digit after the first occurrence of `marker` in `text`, or '?'.
char digit_after(std::string_view text, std::string_view marker) {
  size_t at = text.find(marker);
  if (at == std::string_view::npos || at + marker.size() >= text.size()) return '?';
  char c = text[at + marker.size()];
  return std::isdigit(static_cast<unsigned char>(c)) ? c : '?';
}

bool has(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

std::string kind_of(const TestResult& result) {
  const std::string& m = result.message;
  switch (result.verdict) {
    case Verdict::WrongExit: {
      if (has(m, "wrong rule")) return "exit 2, but the wrong error rule";
      // "WHAT: exit N (stderr: ...); the oracle: exit M ..." or "...; the oracle: a valid program (exit 0)"
      size_t oracle = m.rfind("the oracle: ");
      std::string_view yours = std::string_view(m).substr(0, oracle);
      std::string_view theirs = oracle == std::string::npos ? "" : std::string_view(m).substr(oracle);
      char student = digit_after(yours, ": exit "), oracle_exit = digit_after(theirs, "exit ");
      if (student == '?' || oracle_exit == '?') return "another exit code than the oracle's";
      return fmt::format("exit {} where the oracle exits {}", student, oracle_exit);
    }
    case Verdict::WrongBuffer:
      return has(m, "assert") ? "the wrong failing assert" : "wrong buffer contents";
    case Verdict::ForbiddenConstruct:
      return has(m, "`for` statements") ? "the wrong number of `for` loops" : "a construct other than `for` loops";
    case Verdict::Crash: {
      size_t sig = m.find("crashed: SIG");
      if (sig != std::string::npos) return m.substr(sig + 9, m.find_first_of(" (", sig + 9) - sig - 9);
      return "an exit status outside the contract";
    }
    case Verdict::CompileError: return "the rendered C did not compile";
    case Verdict::MalformedOutput: return "stdout is not slot lines";
    case Verdict::Timeout: return "did not finish in time";
    case Verdict::MemoryLimit: return "ran out of memory";
    case Verdict::OutputLimit: return "printed too much";
    case Verdict::SanitizerError: return "undefined behaviour in the rendered C";
    case Verdict::NotRun: return "not graded";
    case Verdict::BuildFailed: return "your submission did not build";
    case Verdict::InternalError: return "the grader's own error (not yours)";
    case Verdict::Pass: return "";
  }
  return "";
}

}  // namespace

std::string cause_of(const TestResult& result) {
  return fmt::format("{}: {}", verdict_name(result.verdict), kind_of(result));
}

int Cause::generated() const {
  return static_cast<int>(std::count_if(tests.begin(), tests.end(), [](const FailedTest& t) { return t.generated; }));
}

bool student_may_see(const TestResult& result) { return result.visibility == Visibility::Visible; }

bool student_may_see_minimized(const TestResult& result) { return student_may_see(result) || result.minimized_shown; }

std::optional<std::string> did_not_start(const std::vector<TestResult>& results) {
  const std::string* words = nullptr;
  std::set<std::string> tests;  // a test graded in two modes is one test
  for (const TestResult& result : results) {
    if (result.verdict == Verdict::NotRun || !student_may_see(result)) continue;
    if (result.verdict == Verdict::Pass || result.student_said.empty()) return std::nullopt;
    if (words && *words != result.student_said) return std::nullopt;
    words = &result.student_said;
    tests.insert(result.name);
  }
  if (tests.size() < 2) return std::nullopt;
  return fmt::format("your compiler did not start: {} (the same on every test)", *words);
}

std::vector<Cause> group_by_cause(const std::vector<TestResult>& results) {
  // One entry per test name, in report order (run before render within a name).
  std::vector<FailedTest> tests;
  std::map<std::string, size_t> entry_of;
  for (const TestResult& result : results) {
    if (result.verdict == Verdict::Pass) continue;
    auto [it, fresh] = entry_of.try_emplace(result.name, tests.size());
    if (fresh) tests.push_back(FailedTest{{}, result.suite == "fuzz"});
    tests[it->second].results.push_back(&result);
  }
  std::stable_partition(tests.begin(), tests.end(), [](const FailedTest& t) { return !t.generated; });
  std::stable_partition(tests.begin(), tests.end(),
                        [](const FailedTest& t) { return t.first().verdict != Verdict::NotRun; });

  std::vector<Cause> causes;
  std::map<std::string, size_t> cause_index;
  const std::optional<std::string> not_started = did_not_start(results);
  const std::string* words = nullptr;  // what the student's process said on every visible test
  for (const TestResult& result : results)
    if (not_started && !words && student_may_see(result) && result.verdict != Verdict::NotRun) words = &result.student_said;
  for (FailedTest& test : tests) {
    const bool alike = words && test.first().verdict != Verdict::NotRun && test.first().student_said == *words;
    std::string label = alike ? *not_started : cause_of(test.first());
    auto [it, fresh] = cause_index.try_emplace(label, causes.size());
    if (fresh) causes.push_back(Cause{label, {}});
    causes[it->second].tests.push_back(std::move(test));
  }
  return causes;
}

}  // namespace uirgrade
