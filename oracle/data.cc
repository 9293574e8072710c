// Slot data as text (spec §6.1). Parsing is strict about content (exact counts, each slot once,
// numbers as the spec spells them) and lenient about layout (CRLF, extra spaces, blank lines), so
// that a student's output is judged on what it says, and a malformed line is named precisely.
#include "oracle/data.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

#include <fmt/format.h>

namespace uir {

std::vector<SlotSpec> slot_specs(const Program& program) {
  std::vector<SlotSpec> specs;
  for (int i : program.buffers_by_slot()) {
    const Stmt& s = program.stmts[i];
    specs.push_back({s.slot, s.dtype_attr.value_or(DType::I32), s.length});
  }
  return specs;
}

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string shorten(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 40)) out += (c >= 32 && c < 127) ? c : '?';
  if (s.size() > 40) out += "...";
  return out;
}

}  // namespace

std::optional<uint32_t> parse_slot_value(DType dtype, std::string_view token) {
  if (token.empty()) return std::nullopt;
  if (dtype == DType::I32) {
    // -?[0-9]+ within i32: from_chars accepts exactly this (no '+', no spaces, no hex).
    int32_t v = 0;
    auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
    if (ec != std::errc() || end != token.data() + token.size()) return std::nullopt;
    return static_cast<uint32_t>(v);
  }
  // strtof skips leading blanks; refuse them so that "consumed whole" means the token as given.
  if (token[0] == ' ' || token[0] == '\t') return std::nullopt;
  std::string copy(token);  // strtof needs a terminated string; tokens are short (SSO)
  char* end = nullptr;
  float f = std::strtof(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size()) return std::nullopt;
  return std::bit_cast<uint32_t>(f);
}

std::variant<std::vector<SlotData>, DataError> parse_slot_data(std::string_view text,
                                                              const std::vector<SlotSpec>& specs) {
  std::map<int, size_t> index_of_slot;
  for (size_t i = 0; i < specs.size(); ++i) index_of_slot[specs[i].slot] = i;
  std::vector<SlotData> out(specs.size());
  std::vector<int> seen_on_line(specs.size(), 0);

  int line_no = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++line_no;
    size_t i = 0;
    while (i < line.size() && is_blank(line[i])) ++i;
    if (i == line.size()) continue;  // blank line
    size_t colon = line.find(':', i);
    int slot = -1;
    if (colon == std::string_view::npos ||
        std::from_chars(line.data() + i, line.data() + colon, slot).ptr != line.data() + colon || slot < 0)
      return DataError{line_no, fmt::format("expected 'SLOT: values...', got '{}'", shorten(line.substr(i)))};
    auto it = index_of_slot.find(slot);
    if (it == index_of_slot.end())
      return DataError{line_no, fmt::format("slot {} is not a buffer of the program", slot)};
    size_t k = it->second;
    if (seen_on_line[k])
      return DataError{line_no, fmt::format("slot {} given twice (first on line {})", slot, seen_on_line[k])};
    seen_on_line[k] = line_no;
    const SlotSpec& spec = specs[k];
    SlotData& data = out[k];
    data.slot = spec.slot;
    data.dtype = spec.dtype;
    data.words.reserve(spec.length);
    size_t j = colon + 1;
    while (true) {
      while (j < line.size() && is_blank(line[j])) ++j;
      if (j >= line.size()) break;
      size_t start = j;
      while (j < line.size() && !is_blank(line[j])) ++j;
      std::string_view token = line.substr(start, j - start);
      if (data.words.size() == static_cast<size_t>(spec.length))
        return DataError{line_no, fmt::format("slot {} has more than {} values", slot, spec.length)};
      std::optional<uint32_t> word = parse_slot_value(spec.dtype, token);
      if (!word)
        return DataError{line_no, fmt::format("slot {}, value {}: '{}' is not {}", slot, data.words.size() + 1,
                                              shorten(token), spec.dtype == DType::I32 ? "an i32" : "an f32")};
      data.words.push_back(*word);
    }
    if (data.words.size() != static_cast<size_t>(spec.length))
      return DataError{line_no, fmt::format("slot {} has {} values, the buffer has {}", slot, data.words.size(),
                                            spec.length)};
  }
  for (size_t k = 0; k < specs.size(); ++k)
    if (!seen_on_line[k]) return DataError{0, fmt::format("slot {} is missing", specs[k].slot)};
  return out;
}

std::string format_slot_data(const std::vector<SlotData>& slots) {
  std::string out;
  char buf[64];
  for (const SlotData& data : slots) {
    out += fmt::format("{}:", data.slot);
    for (size_t k = 0; k < data.words.size(); ++k) {
      int n;
      if (data.dtype == DType::I32) {
        n = std::snprintf(buf, sizeof buf, " %d", data.i32(k));
      } else {
        float f = data.f32(k);
        n = std::isnan(f) ? std::snprintf(buf, sizeof buf, " nan") : std::snprintf(buf, sizeof buf, " %.9g", f);
      }
      out.append(buf, n);
    }
    out += '\n';
  }
  return out;
}

}  // namespace uir
