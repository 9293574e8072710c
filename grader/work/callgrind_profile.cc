// The callgrind format (valgrind's docs/cl-format.html) compresses positions: an address or line is
// absolute (`0x1f0`, `14`), relative to the previous cost line's (`+3`, `-2`), or the same (`*`);
// names are defined once as `(id) name` and referred to as `(id)` afterwards. `fl=` sets the file of
// the function that follows, `fi=`/`fe=` the file of the (inlined) lines that follow. A `calls=` line
// is followed by one cost line holding the call's *inclusive* cost: its position moves the running
// position like any cost line, but its cost is not the line's own, so it is skipped. The self costs
// of all other lines must add up to the summary: that is checked, so a misread dump is an error of
// ours instead of a wrong figure.
#include "grader/work/callgrind_profile.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <vector>

#include <fmt/format.h>

namespace uirgrade {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> fields_of(std::string_view line) {
  std::vector<std::string_view> fields;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) fields.push_back(line.substr(start, i - start));
  }
  return fields;
}

std::optional<uint64_t> unsigned_number(std::string_view s, int base = 10) {
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value, base);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return value;
}

/// One compressed position field against the previous value: absolute (an address in hex with
/// `0x`, a line in decimal), +N or -N (decimal, as callgrind writes differences), or *.
std::optional<uint64_t> position(std::string_view field, uint64_t previous) {
  if (field == "*") return previous;
  if (field.front() == '+' || field.front() == '-') {
    std::optional<uint64_t> delta = unsigned_number(field.substr(1));
    if (!delta) return std::nullopt;
    return field.front() == '+' ? previous + *delta : previous - *delta;
  }
  if (field.starts_with("0x")) return unsigned_number(field.substr(2), 16);
  return unsigned_number(field);
}

/// The file a `(id) name` or `(id)` specification names, recording new names in `names`.
std::string file_named(std::string_view spec, std::map<std::string, std::string>& names) {
  spec = trim(spec);
  if (spec.empty() || spec.front() != '(') return std::string(spec);
  size_t close = spec.find(')');
  if (close == std::string_view::npos) return std::string(spec);
  std::string id(spec.substr(0, close + 1));
  std::string_view name = trim(spec.substr(close + 1));
  if (!name.empty()) names[id] = std::string(name);
  auto it = names.find(id);
  return it == names.end() ? "" : it->second;
}

bool is_source_file(std::string_view path, std::string_view source_file) {
  size_t slash = path.find_last_of('/');
  return (slash == std::string_view::npos ? path : path.substr(slash + 1)) == source_file;
}

}  // namespace

// Long because it is one pass of a line parser whose three kinds of line (cost, `key=value`,
// `key: value`) read and move the same position state (address, line, file, the call-cost flag):
// split, each kind would take most of that state as parameters.
std::optional<CallgrindProfile> parse_callgrind_profile(std::string_view dump, std::string_view source_file,
                                                        std::string* error) {
  auto fail = [&](int line, std::string message) -> std::optional<CallgrindProfile> {
    *error = line ? fmt::format("callgrind output line {}: {}", line, message) : message;
    return std::nullopt;
  };
  CallgrindProfile profile;
  std::optional<uint64_t> summary;
  bool instr_line_positions = false, ir_events = false;
  std::map<std::string, std::string> file_names;
  std::string function_file, current_file;
  uint64_t address = 0, line_no = 0, self_total = 0;
  bool next_is_call_cost = false;
  std::map<uint64_t, uint64_t> count_by_address;  // instructions of the source file
  std::map<uint64_t, uint64_t> line_of_address;

  int n = 0;
  size_t pos = 0;
  while (pos < dump.size()) {
    size_t nl = dump.find('\n', pos);
    if (nl == std::string_view::npos) nl = dump.size();
    std::string_view line = trim(dump.substr(pos, nl - pos));
    pos = nl + 1;
    ++n;
    if (line.empty() || line.front() == '#') continue;
    char c = line.front();
    if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '*') {
      std::vector<std::string_view> f = fields_of(line);
      if (!instr_line_positions || !ir_events) return fail(n, "a cost line before 'positions: instr line' and 'events: Ir'");
      if (f.size() < 2) return fail(n, "a cost line without an instruction and a line");
      std::optional<uint64_t> a = position(f[0], address), l = position(f[1], line_no);
      if (!a || !l) return fail(n, fmt::format("'{}' is not a position", line));
      address = *a;
      line_no = *l;
      uint64_t cost = 0;
      if (f.size() >= 3) {
        std::optional<uint64_t> parsed = unsigned_number(f[2]);
        if (!parsed) return fail(n, fmt::format("'{}' is not a cost", f[2]));
        cost = *parsed;
      }
      if (next_is_call_cost) {  // a call's inclusive cost: not this instruction's own
        next_is_call_cost = false;
        continue;
      }
      self_total += cost;
      if (is_source_file(current_file, source_file)) {
        count_by_address[address] += cost;
        line_of_address[address] = line_no;
      }
      continue;
    }
    size_t eq = line.find('=');
    size_t colon = line.find(':');
    if (eq != std::string_view::npos && (colon == std::string_view::npos || eq < colon)) {
      std::string_view key = line.substr(0, eq), value = line.substr(eq + 1);
      if (key == "fl") current_file = function_file = file_named(value, file_names);
      else if (key == "fi" || key == "fe") current_file = file_named(value, file_names);
      else if (key == "fn") current_file = function_file;
      else if (key == "cfi" || key == "cfl") file_named(value, file_names);  // defines a name only
      else if (key == "calls") next_is_call_cost = true;
      continue;  // ob, cob, fn, cfn, jump, jcnd: nothing the counts need
    }
    if (colon == std::string_view::npos) return fail(n, fmt::format("'{}' is not a line of a callgrind dump", line));
    std::string_view key = line.substr(0, colon), value = trim(line.substr(colon + 1));
    if (key == "positions") instr_line_positions = value == "instr line";
    else if (key == "events") ir_events = value == "Ir";
    else if (key == "summary" || key == "totals") {
      std::optional<uint64_t> total = unsigned_number(value);
      if (!total) return fail(n, fmt::format("'{}' is not a count", value));
      summary = total;
    }
  }
  if (!summary) return fail(0, "callgrind wrote no summary: it did not finish");
  if (!instr_line_positions || !ir_events)
    return fail(0, "callgrind did not count instructions by instruction and line (--dump-instr=yes, Ir)");
  if (self_total != *summary)
    return fail(0, fmt::format("the costs of callgrind's lines add up to {}, its summary says {}", self_total, *summary));
  profile.instructions = *summary;
  for (const auto& [addr, count] : count_by_address) {
    uint64_t& runs = profile.runs_by_line[static_cast<int>(line_of_address[addr])];
    runs = std::max(runs, count);
  }
  return profile;
}

}  // namespace uirgrade
