#include "oracle_faults/manifest.h"

#include <cstdlib>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>

namespace oracle_faults {
namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  for (std::string field; std::getline(in, field, '\t');) fields.push_back(field);
  if (!line.empty() && line.back() == '\t') fields.emplace_back();
  return fields;
}

/// Calls `row(fields, line number)` for every line that is not blank or a # comment; stops at the
/// first error it returns.
template <class Row>
std::optional<LoadError> read_rows(const std::string& path, Row row) {
  std::ifstream in(path);
  if (!in) return path + ": cannot read";
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    if (std::optional<std::string> error = row(split_tabs(line), number))
      return path + ":" + std::to_string(number) + ": " + *error;
  }
  return std::nullopt;
}

/// "*" matches anything; "re:X" a value that the ECMAScript regular expression X matches whole (for
/// a class of sites: every constant inside a message's arguments); any other pattern itself.
bool matches(const std::string& pattern, const std::string& value) {
  if (pattern == "*") return true;
  if (pattern.rfind("re:", 0) == 0) return std::regex_match(value, std::regex(pattern.substr(3)));
  return pattern == value;
}

}  // namespace

std::variant<std::vector<OracleFault>, LoadError> read_manifest(const std::string& path) {
  std::vector<OracleFault> faults;
  auto error = read_rows(path, [&](const std::vector<std::string>& f, int) -> std::optional<std::string> {
    if (f.size() != 8)
      return "expected 8 tab-separated fields (id, file, line, function, operator, original, faulty, source)";
    try {
      faults.push_back({std::stoi(f[0]), f[1], std::stoi(f[2]), f[3], f[4], f[5], f[6], f[7], ""});
    } catch (const std::exception&) {
      return "the id and line must be numbers";
    }
    return std::nullopt;
  });
  if (error) return *error;
  return faults;
}

std::variant<std::vector<Equivalent>, LoadError> read_equivalents(const std::string& path) {
  std::vector<Equivalent> record;
  auto error = read_rows(path, [&](const std::vector<std::string>& f, int line) -> std::optional<std::string> {
    if (f.size() != 7 || f[6].empty())
      return "expected 7 tab-separated fields (file, function, operator, original, faulty, source line, why), "
             "the why not empty";
    record.push_back({f[0], f[1], f[2], f[3], f[4], f[5], f[6], line});
    return std::nullopt;
  });
  if (error) return *error;
  return record;
}

std::vector<Equivalent> apply_equivalents(std::vector<OracleFault>& faults, const std::vector<Equivalent>& record) {
  std::vector<Equivalent> stale;
  for (const Equivalent& entry : record) {
    // "const-1#2": only the second fault, in manifest order, that the rest of the entry matches
    // (sites of the same text on one line, or on identical lines of one function).
    std::string op = entry.op;
    int occurrence = 0;
    if (size_t hash = op.find('#'); hash != std::string::npos) {
      occurrence = std::atoi(op.c_str() + hash + 1);
      op.resize(hash);
    }
    bool used = false;
    int seen = 0;
    for (OracleFault& m : faults)
      if (m.file == entry.file && matches(entry.function, m.function) && matches(op, m.op) &&
          matches(entry.original, m.original) && matches(entry.faulty, m.faulty) &&
          matches(entry.source_line, m.source_line)) {
        if (occurrence > 0 && ++seen != occurrence) continue;
        m.equivalent_because = entry.why;
        used = true;
      }
    if (!used) stale.push_back(entry);
  }
  return stale;
}

}  // namespace oracle_faults
