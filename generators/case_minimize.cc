// Candidates are programs (minimize_program edits programs and keeps only those that compile
// to what the original did: valid, or the same rule); the grader judges tests. Each candidate
// program is turned into a test exactly as the live fuzzer makes one, so the student is judged on
// the candidate the same way it was on the original, and on the same data: a buffer the candidate
// still has gets the failing test's own values (a failure that needs a NaN or an overflow there
// stays), so only a buffer without explicit data gets fresh values from the seed.
#include "generators/case_minimize.h"

#include <set>
#include <sstream>

#include "generators/case_file.h"
#include "oracle/oracle.h"

namespace uirgen {

using uirgrade::DataSpec;
using uirgrade::Mode;
using uirgrade::TestCase;

namespace {

/// The failing test's values for the buffers of `specs`, where it has explicit ones of the length.
std::vector<uir::SlotData> kept_data(const TestCase& failing, const std::vector<uir::SlotSpec>& specs,
                                     uint64_t seed) {
  std::vector<uir::SlotData> out = random_inputs(specs, seed);
  for (uir::SlotData& slot : out) {
    auto it = failing.data.find(slot.slot);
    if (it == failing.data.end() || it->second.kind != DataSpec::Kind::Explicit ||
        it->second.values.size() != slot.words.size())
      continue;
    std::vector<uint32_t> words;
    for (const std::string& value : it->second.values)
      if (std::optional<uint32_t> word = uir::parse_slot_value(slot.dtype, value)) words.push_back(*word);
    if (words.size() == slot.words.size()) slot.words = std::move(words);
  }
  return out;
}

}  // namespace

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
                                              uint64_t seed, const MinimizeLimits& limits,
                                              MinimizeStats* stats, std::string_view minimised_by) {
  auto made_test = [&](const std::string& program) {
    // The headers go below line 1, the generator's comment, which the reducer's reprinted programs
    // lack: without one the first statement would come before `# expect`.
    // `minimised_by` names the tool that did it ("grade" for a student's failure), so a reader
    // of the program knows where to ask.
    const std::string text =
        program.rfind("#", 0) == 0 ? program : "# minimised by " + std::string(minimised_by) + "\n" + program;
    if (failing.expect_exit == 2) {
      // The minimiser keeps only candidates the oracle rejects with the original's rule.
      uir::Compiled compiled = uir::compile("minimize.uir", text);
      InvalidProgram invalid{text, -1, compiled.error ? compiled.error->rule : uir::Rule::Syntax,
                                     compiled.error ? compiled.error->line : 0};
      return make_invalid_test(invalid, failing.name, failing.suite, failing.week).test;
    }
    auto inputs_for = [&](const std::vector<uir::SlotSpec>& specs) { return kept_data(failing, specs, seed); };
    return make_valid_test(text, failing.name, failing.suite, failing.week, inputs_for,
                                   failing.mode == Mode::Render)
        .test;
  };
  // Every candidate is judged as the failing test is: with its tolerance and time-out (a failure
  // that only an exact f32 comparison shows would vanish under the default tolerance).
  auto as_test = [&](const std::string& program) {
    TestCase test = made_test(program);
    test.tolerance = failing.tolerance;
    test.timeout_seconds = failing.timeout_seconds;
    return test;
  };
  const std::string original = generated_program_text(failing);
  std::string smallest = minimize_program(
      original, [&](const std::string& program) { return still_fails(as_test(program)); }, limits, stats);
  if (count_statements(smallest) >= count_statements(original)) return std::nullopt;
  TestCase minimized = as_test(smallest);
  minimized.points = failing.points;
  minimized.visibility = failing.visibility;
  return minimized;
}

}  // namespace uirgen
