// Candidates are programs (uirgen::minimize_program edits programs and keeps only valid ones); the
// grader judges tests. Each candidate program is turned into a test exactly as the live fuzzer makes
// one, so the student is judged on the candidate the same way it was on the original.
#include "grader/fuzz_minimize.h"

#include <set>
#include <sstream>

#include "generators/test_file.h"

namespace uirgrade {

std::string generated_program_text(const TestCase& test) {
  std::set<int> header_lines;
  for (const auto& [key, line] : test.header_lines) header_lines.insert(line);
  std::istringstream in(test.source);
  std::string line, out;
  for (int number = 1; std::getline(in, line); ++number)
    if (!header_lines.count(number)) out += line + "\n";
  return out;
}

std::optional<TestCase> minimize_generated_test(const TestCase& failing,
                                              const std::function<bool(const TestCase&)>& still_fails,
                                              uint64_t seed, const uirgen::MinimizeLimits& limits) {
  if (failing.expect_exit == 2) return std::nullopt;  // the minimiser keeps programs valid
  auto as_test = [&](const std::string& program) {
    // make_valid_test puts the headers below line 1, the generator's comment, which the reducer's
    // reprinted programs lack: without one the first statement would come before `# expect`.
    const std::string text = program.rfind("#", 0) == 0 ? program : "# minimised by uirgen\n" + program;
    return uirgen::make_valid_test(text, failing.name, failing.suite, failing.week, seed,
                                   failing.mode == Mode::Render).test;
  };
  const std::string original = generated_program_text(failing);
  std::string smallest = uirgen::minimize_program(
      original, [&](const std::string& program) { return still_fails(as_test(program)); }, limits);
  if (uirgen::count_statements(smallest) >= uirgen::count_statements(original)) return std::nullopt;
  TestCase shrunk = as_test(smallest);
  shrunk.points = failing.points;
  shrunk.visibility = failing.visibility;
  shrunk.tolerance = failing.tolerance;
  shrunk.timeout_seconds = failing.timeout_seconds;
  return shrunk;
}

}  // namespace uirgrade
