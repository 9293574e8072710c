// Headers go right after the generator's first comment line, before every statement, so they shift
// every statement by the same number of lines: the assert line the oracle found in the bare program
// moves by exactly that count.
#include "generators/case_file.h"

#include "generators/differential.h"
#include "oracle/error.h"

namespace uirgen {
namespace {

std::string join(const std::vector<std::string>& values) {
  std::string out;
  for (const std::string& v : values) out += (out.empty() ? "" : " ") + v;
  return out;
}

/// `program_text` with `headers` inserted after its first line.
std::string with_headers(const std::string& program_text, const std::vector<std::string>& headers) {
  size_t first_end = program_text.find('\n');
  std::string out = program_text.substr(0, first_end + 1);
  for (const std::string& h : headers) out += h + "\n";
  out += program_text.substr(first_end + 1);
  return out;
}

uirgrade::TestCase base_case(const std::string& name, const std::string& suite, int week) {
  uirgrade::TestCase test;
  test.name = name;
  test.suite = suite;
  test.week = week;
  test.visibility = uirgrade::Visibility::Hidden;
  return test;
}

}  // namespace

GeneratedTest make_valid_test(const std::string& program_text, const std::string& name,
                              const std::string& suite, int week, uint64_t data_seed, bool render) {
  return make_valid_test(
      program_text, name, suite, week,
      [data_seed](const std::vector<uir::SlotSpec>& specs) { return random_inputs(specs, data_seed); }, render);
}

GeneratedTest make_valid_test(const std::string& program_text, const std::string& name,
                              const std::string& suite, int week, const InputsFor& inputs_for, bool render) {
  Outcome outcome = run_program_on(program_text, inputs_for);
  uirgrade::TestCase test = base_case(name, suite, week);
  test.mode = render ? uirgrade::Mode::Render : uirgrade::Mode::Run;
  test.expect_exit = outcome.exit_code;

  std::vector<std::string> headers = {"# expect: exit " + std::to_string(outcome.exit_code)};
  int first_header_line = 2;
  test.header_lines["expect"] = first_header_line;
  for (const uir::SlotData& slot : outcome.inputs) {
    std::string key = "data " + std::to_string(slot.slot);
    uirgrade::DataSpec spec;
    spec.kind = uirgrade::DataSpec::Kind::Explicit;
    spec.values = slot_values_text(slot);
    spec.line = first_header_line + static_cast<int>(headers.size());
    test.header_lines[key] = spec.line;
    headers.push_back("# " + key + ": " + join(spec.values));
    test.data[slot.slot] = std::move(spec);
  }
  for (const uir::SlotData& slot : outcome.buffers) {
    std::string key = "expect " + std::to_string(slot.slot);
    test.header_lines[key] = first_header_line + static_cast<int>(headers.size());
    test.expect_slots[slot.slot] = slot_values_text(slot);
    headers.push_back("# " + key + ": " + join(test.expect_slots[slot.slot]));
  }
  if (render) {
    test.header_lines["render"] = first_header_line + static_cast<int>(headers.size());
    headers.push_back("# render");
  }
  if (outcome.exit_code == 1) {
    int shift = static_cast<int>(headers.size()) + 1;  // + the assert header itself
    test.expect_assert_line = outcome.failed_assert_line + shift;
    test.header_lines["expect assert"] = first_header_line + static_cast<int>(headers.size());
    headers.push_back("# expect assert: " + std::to_string(*test.expect_assert_line));
  }
  GeneratedTest out;
  out.file_text = with_headers(program_text, headers);
  test.source = out.file_text;
  out.test = std::move(test);
  return out;
}

GeneratedTest make_invalid_test(const InvalidProgram& invalid, const std::string& name,
                                const std::string& suite, int week) {
  uirgrade::TestCase test = base_case(name, suite, week);
  test.expect_exit = 2;
  test.expect_error_rule = std::string(uir::rule_info(invalid.rule).id);
  std::vector<std::string> headers = {"# expect: exit 2", "# error: " + *test.expect_error_rule};
  test.header_lines["expect"] = 2;
  test.header_lines["error"] = 3;
  GeneratedTest out;
  out.file_text = with_headers(invalid.text, headers);
  test.source = out.file_text;
  out.test = std::move(test);
  return out;
}

}  // namespace uirgen
