#include "testcase/expected.h"

#include <fmt/format.h>

#include "testcase/input_text.h"
#include "testcase/case_data.h"

namespace uirgrade {
namespace {

constexpr uint64_t kInputTextStream = 0x51;  // derive_seed's stream for the stdin's order and spellings

}  // namespace

std::string Expected::rule() const {
  return compiled.error ? std::string(uir::rule_info(compiled.error->rule).id) : "";
}

std::string Expected::describe() const {
  if (exit_code == 2) return fmt::format("exit 2 ({} at line {})", rule(), compiled.error->line);
  if (exit_code == 1) return fmt::format("exit 1 (the assert at line {} fails)", run.failed_assert_line);
  return "exit 0";
}

ExpectedOrError compute_expected(const TestCase& test, uint64_t seed) {
  Expected expected;
  expected.compiled = uir::compile(kProgramFile, test.source);
  if (expected.compiled.error) {
    expected.exit_code = 2;
    return expected;
  }
  expected.specs = uir::slot_specs(expected.compiled.program);
  auto inputs = make_input_data(test, expected.specs, seed);
  if (auto* error = std::get_if<SuiteError>(&inputs)) return format_suite_error(*error);
  const auto& data = std::get<std::vector<uir::SlotData>>(inputs);
  // Slot order and f32 spellings vary with the seed and the test (spec §6.1 allows any order, §1
  // any spelling strtof reads); the data itself does not.
  expected.input_text = format_student_input(data, uir::derive_seed(seed, kInputTextStream, uir::fnv1a64(test.name)));
  expected.run = uir::run(expected.compiled, data);
  expected.exit_code = expected.run.exit_code;
  return expected;
}

}  // namespace uirgrade
