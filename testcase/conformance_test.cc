// The conformance audit: every oracle/testdata/conformance/*.uir file is a program aimed at one
// sentence of the spec, with its expected outcome written from the spec alone in spec §7 headers.
// Each file is loaded with the test-case layer's header parser (parse_test_file) and data maker
// (make_input_data), then run through uir::compile and uir::run, and every header is checked.
//
// One extension: a free-text comment `# at line: N` before the first statement pins the line of
// the expected error (spec §7 headers name only the rule, but the §8 order is about which line).
// Expected contents are compared bit for bit (any NaN matches any NaN), stricter than the grader's
// tolerance, so that `-0`, rounding and strtof spellings are checked exactly. A second test compiles
// each valid program's rendered C with its driver under the grader's flags (spec §6.2) and demands
// the same exit code, stdout and failing-assert line as `run` on the same input.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "testcase/case_data.h"
#include "testcase/case_headers.h"
#include "oracle/c_toolchain_testing.h"
#include "oracle/oracle.h"
#include "uirgrade_paths.h"

namespace {

namespace fs = std::filesystem;

fs::path conformance_dir() { return fs::path(UIRGRADE_SOURCE_DIR) / "oracle" / "testdata" / "conformance"; }

std::vector<std::string> conformance_files() {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(conformance_dir()))
    if (entry.path().extension() == ".uir") files.push_back(entry.path().filename().string());
  std::sort(files.begin(), files.end());
  return files;
}

/// The N of a `# at line: N` comment among the leading comment lines, if any.
std::optional<int> expected_error_line(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos) continue;
    if (line[start] != '#') break;  // the first statement ends the header block
    size_t body = line.find_first_not_of(" \t", start + 1);
    if (body != std::string::npos && line.compare(body, 8, "at line:") == 0)
      return std::stoi(line.substr(body + 8));
  }
  return std::nullopt;
}

bool same_word(uir::DType dtype, uint32_t a, uint32_t b) {
  if (a == b) return true;
  return dtype == uir::DType::F32 && std::isnan(std::bit_cast<float>(a)) && std::isnan(std::bit_cast<float>(b));
}

/// The file's headers as the grader's loader reads them.
uirgrade::TestCase load_test(const fs::path& path, const std::string& text) {
  auto loaded = uirgrade::parse_test_file(path.string(), text, "conformance/" + path.stem().string(),
                                          "conformance", 3);
  if (auto* error = std::get_if<uirgrade::SuiteError>(&loaded)) {
    ADD_FAILURE() << uirgrade::format_suite_error(*error);
    return {};
  }
  return std::get<uirgrade::TestCase>(loaded);
}

/// The `for` statements of a C text (spec §7 `render: loops=N`): the keyword, then optional blanks
/// and a parenthesis. A plain scan is enough for the oracle's own renderer (no comments hold `for (`).
int count_for_statements(const std::string& c_text) {
  int count = 0;
  for (size_t at = c_text.find("for"); at != std::string::npos; at = c_text.find("for", at + 3)) {
    bool word_start = at == 0 || !(std::isalnum(static_cast<unsigned char>(c_text[at - 1])) || c_text[at - 1] == '_');
    size_t next = c_text.find_first_not_of(" \t", at + 3);
    if (word_start && next != std::string::npos && c_text[next] == '(') ++count;
  }
  return count;
}

class Conformance : public ::testing::TestWithParam<std::string> {};

TEST_P(Conformance, OracleMeetsEveryHeader) {
  const fs::path path = conformance_dir() / GetParam();
  const std::string text = uir::testing::read_text_file(path);
  const uirgrade::TestCase test = load_test(path, text);
  if (HasFailure()) return;

  uir::Compiled compiled = uir::compile(path.string(), text);
  if (test.expect_exit == 2) {
    ASSERT_TRUE(compiled.error.has_value()) << "the oracle finds the program valid";
    const std::string headline = uir::error_headline(path.string(), *compiled.error);
    if (test.expect_error_rule) {
      EXPECT_EQ(uir::rule_info(compiled.error->rule).id, *test.expect_error_rule) << headline;
    }
    if (auto line = expected_error_line(text)) {
      EXPECT_EQ(compiled.error->line, *line) << headline;
    }
    return;
  }
  ASSERT_FALSE(compiled.error.has_value()) << uir::error_headline(path.string(), *compiled.error);

  const std::vector<uir::SlotSpec> specs = uir::slot_specs(compiled.program);
  auto inputs = uirgrade::make_input_data(test, specs, /*seed=*/1);
  ASSERT_TRUE(std::holds_alternative<std::vector<uir::SlotData>>(inputs))
      << uirgrade::format_suite_error(std::get<uirgrade::SuiteError>(inputs));
  uir::RunResult result = uir::run(compiled, std::get<std::vector<uir::SlotData>>(inputs));

  EXPECT_EQ(result.exit_code, test.expect_exit);
  if (test.expect_assert_line) {
    EXPECT_EQ(result.failed_assert_line, *test.expect_assert_line);
  }
  for (const auto& [slot, expected_text] : test.expect_slots) {
    auto found = std::find_if(result.buffers.begin(), result.buffers.end(),
                              [slot = slot](const uir::SlotData& d) { return d.slot == slot; });
    ASSERT_NE(found, result.buffers.end()) << "no slot " << slot;
    ASSERT_EQ(found->words.size(), expected_text.size()) << "slot " << slot;
    for (size_t k = 0; k < expected_text.size(); ++k) {
      std::optional<uint32_t> expected = uir::parse_slot_value(found->dtype, expected_text[k]);
      ASSERT_TRUE(expected.has_value()) << "slot " << slot << ": '" << expected_text[k] << "'";
      EXPECT_TRUE(same_word(found->dtype, *expected, found->words[k]))
          << "slot " << slot << "[" << k << "]: expected " << expected_text[k] << ", the oracle gives "
          << uir::format_slot_data({uir::SlotData{slot, found->dtype, {found->words[k]}}});
    }
  }
}

TEST_P(Conformance, RenderedCAgreesWithRun) {
  const fs::path path = conformance_dir() / GetParam();
  const std::string text = uir::testing::read_text_file(path);
  const uirgrade::TestCase test = load_test(path, text);
  uir::Compiled compiled = uir::compile(path.string(), text);
  if (HasFailure() || compiled.error) return;  // invalid programs have no C (checked above)

  const std::vector<uir::SlotSpec> specs = uir::slot_specs(compiled.program);
  auto inputs = uirgrade::make_input_data(test, specs, /*seed=*/1);
  ASSERT_TRUE(std::holds_alternative<std::vector<uir::SlotData>>(inputs));
  const auto& data = std::get<std::vector<uir::SlotData>>(inputs);
  uir::RunResult result = uir::run(compiled, data);

  const std::string kernel_c = uir::render_c(compiled);
  if (test.render_loops) {
    EXPECT_EQ(count_for_statements(kernel_c), *test.render_loops) << kernel_c;
  }
  uir::testing::ScratchDir dir("conformance");
  uir::testing::CBinary binary =
      uir::testing::build_c(dir.path(), kernel_c, uir::render_driver(specs, path.string()));
  ASSERT_TRUE(binary.built) << binary.compiler_output;
  uir::testing::CRun c_run = uir::testing::run_c(binary, uir::format_slot_data(data));
  EXPECT_EQ(c_run.exit_code, result.exit_code) << c_run.err;
  EXPECT_EQ(c_run.out, uir::format_slot_data(result.buffers));
  if (result.exit_code == 1) {
    const std::string first_line = c_run.err.substr(0, c_run.err.find('\n'));
    EXPECT_EQ(first_line, path.string() + ":" + std::to_string(result.failed_assert_line) + ": assert failed");
  }
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = fs::path(info.param).stem().string();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Spec, Conformance, ::testing::ValuesIn(conformance_files()), test_name);

}  // namespace
