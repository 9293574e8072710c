#include "mutation/catalogue_case.h"

#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "oracle/oracle.h"
#include "testcase/case_headers.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

/// The program of a catalogue file without its leading comment block.
std::string program_part(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  bool started = false;
  while (std::getline(in, line)) {
    started = started || (!line.empty() && line[0] != '#');
    if (started) out += line + "\n";
  }
  return out;
}

std::string header_value(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("# " + key + ": ", 0) == 0) return line.substr(key.size() + 4);
  return "";
}

}  // namespace

bool catalogue_work_only(const MutantInfo& m) {
  std::ifstream in(std::string(UIRGRADE_SOURCE_DIR) + "/mutation/testdata/mutants/" + std::string(m.name) + ".uir");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return header_value(buffer.str(), "compare") == "placement";
}

std::optional<TestCase> catalogue_test_case(const MutantInfo& m, int week) {
  std::string path = std::string(UIRGRADE_SOURCE_DIR) + "/mutation/testdata/mutants/" + std::string(m.name) + ".uir";
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str(), program = program_part(text);
  std::string data = header_value(text, "stdin"), data_headers, stdin_text;
  for (size_t at = 0; at != std::string::npos;) {
    size_t bar = data.find(" | ", at);
    std::string slot = data.substr(at, bar == std::string::npos ? std::string::npos : bar - at);
    data_headers += "# data " + slot + "\n";
    stdin_text += slot + "\n";
    at = bar == std::string::npos ? bar : bar + 3;
  }
  std::string headers = data_headers;
  if (header_value(text, "command") == "render") headers += "# render\n";
  if (header_value(text, "compare") == "placement") headers += "# render: work\n";  // only its work differs
  uir::Compiled compiled = uir::compile("prog.uir", program);
  if (compiled.error) {
    headers = fmt::format("# expect: exit 2\n# error: {}\n", uir::rule_info(compiled.error->rule).id);
  } else {
    auto parsed = uir::parse_slot_data(stdin_text, uir::slot_specs(compiled.program));
    if (!std::holds_alternative<std::vector<uir::SlotData>>(parsed)) return std::nullopt;
    uir::RunResult r = uir::run(compiled, std::get<std::vector<uir::SlotData>>(parsed));
    headers = fmt::format("# expect: exit {}\n", r.exit_code) + headers;
  }
  headers += fmt::format("# From the mutant catalogue: {} (docs/mutants.md).\n", m.name);
  auto test = parse_test_file(path, headers + program, "kill/" + std::string(m.name), "kill", week);
  if (!std::holds_alternative<TestCase>(test)) return std::nullopt;
  return std::get<TestCase>(test);
}

}  // namespace uirgrade
