// Comparison with the oracle. Floats are compared in double so that |got - expected| is exact for
// any two finite floats; infinities are handled before the tolerance, since inf - inf is NaN and
// |inf - x| <= atol + rtol * inf would otherwise accept anything next to an infinity.
#include "testcase/compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <fmt/format.h>

namespace uirgrade {
namespace {

constexpr size_t kMaxDiffRows = 8;  // differing elements listed in a diff

std::string format_value(const uir::SlotData& data, size_t k) {
  if (data.dtype == uir::DType::F32) {
    float v = data.f32(k);
    if (std::isnan(v)) return "nan";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
    return buf;
  }
  return std::to_string(data.i32(k));
}

bool element_matches(const uir::SlotData& expected, const uir::SlotData& got, size_t k,
                     const Tolerance& tolerance) {
  if (expected.dtype == uir::DType::F32) return f32_matches(expected.f32(k), got.f32(k), tolerance);
  return expected.words[k] == got.words[k];
}

bool is_checked(int slot, const std::optional<std::vector<int>>& check_slots) {
  return !check_slots || std::find(check_slots->begin(), check_slots->end(), slot) != check_slots->end();
}

Difference describe_slot_difference(const uir::SlotData& expected, const uir::SlotData& got,
                                    const Tolerance& tolerance) {
  std::vector<size_t> differing;
  for (size_t k = 0; k < expected.words.size(); ++k)
    if (!element_matches(expected, got, k, tolerance)) differing.push_back(k);
  size_t first = differing.front();
  Difference diff;
  diff.slot = expected.slot;
  diff.message = fmt::format("slot {}: {} of {} values differ; first at [{}]: expected {}, got {}",
                             expected.slot, differing.size(), expected.words.size(), first,
                             format_value(expected, first), format_value(got, first));
  std::string& d = diff.details;
  d += fmt::format("slot {} ({}[{}])", expected.slot, uir::dtype_name(expected.dtype),
                   expected.words.size());
  if (expected.dtype == uir::DType::F32)
    d += fmt::format(", tolerance |got - expected| <= {:g} + {:g} * |expected|", tolerance.atol,
                     tolerance.rtol);
  d += "\n";
  d += fmt::format("  {:>10}  {:>16}  {:>16}\n", "index", "expected", "got");
  for (size_t row = 0; row < differing.size() && row < kMaxDiffRows; ++row) {
    size_t k = differing[row];
    d += fmt::format("  {:>10}  {:>16}  {:>16}\n", fmt::format("[{}]", k), format_value(expected, k),
                     format_value(got, k));
  }
  if (differing.size() > kMaxDiffRows)
    d += fmt::format("  ... and {} more\n", differing.size() - kMaxDiffRows);
  return diff;
}

}  // namespace

bool f32_matches(float expected, float got, const Tolerance& tolerance) {
  if (expected == got) return true;  // also -0.0 == 0.0 and inf == inf
  if (std::isnan(expected) || std::isnan(got)) return std::isnan(expected) && std::isnan(got);
  if (std::isinf(expected) || std::isinf(got)) return false;
  double e = expected, g = got;
  return std::fabs(g - e) <= tolerance.atol + tolerance.rtol * std::fabs(e);
}

std::optional<Difference> compare_buffers(const std::vector<uir::SlotData>& expected,
                                          const std::vector<uir::SlotData>& got,
                                          const std::optional<std::vector<int>>& check_slots,
                                          const Tolerance& tolerance) {
  for (size_t s = 0; s < expected.size(); ++s) {
    const uir::SlotData& e = expected[s];
    if (!is_checked(e.slot, check_slots)) continue;
    // parse_student_output gives exactly the oracle's slots and lengths; a mismatch here is ours.
    if (s >= got.size() || got[s].slot != e.slot || got[s].words.size() != e.words.size())
      return Difference{fmt::format("internal: slot {} missing from the parsed output", e.slot), ""};
    for (size_t k = 0; k < e.words.size(); ++k)
      if (!element_matches(e, got[s], k, tolerance)) return describe_slot_difference(e, got[s], tolerance);
  }
  return std::nullopt;
}

std::variant<std::vector<uir::SlotData>, Difference> parse_student_output(
    std::string_view out, const std::vector<uir::SlotSpec>& specs) {
  auto parsed = uir::parse_slot_data(out, specs);
  if (auto* data = std::get_if<std::vector<uir::SlotData>>(&parsed)) return std::move(*data);
  const uir::DataError& error = std::get<uir::DataError>(parsed);
  Difference diff;
  if (error.line > 0) {
    diff.message = fmt::format("stdout line {}: {}", error.line, error.message);
    // Quote the line at fault so the student sees what they printed.
    size_t start = 0;
    for (int line = 1; line < error.line && start != std::string_view::npos; ++line) {
      start = out.find('\n', start);
      if (start != std::string_view::npos) ++start;
    }
    if (start != std::string_view::npos && start < out.size())
      diff.details = fmt::format("line {}: {}\n", error.line, first_line(out.substr(start), 120));
  } else {
    diff.message = fmt::format("stdout: {}", error.message);
  }
  std::string expected_form;
  for (const uir::SlotSpec& spec : specs)
    expected_form += fmt::format("{}{}: <{} {} values>", expected_form.empty() ? "" : ", ", spec.slot,
                                 spec.length, uir::dtype_name(spec.dtype));
  diff.details += fmt::format("expected one line per slot, in increasing slot order: {}\n",
                              specs.empty() ? "(no buffers: empty output)" : expected_form);
  return diff;
}

std::optional<int> assert_line_from_stderr(std::string_view err) {
  std::string line = first_line(err, std::string::npos);
  static constexpr std::string_view kSuffix = ": assert failed";
  while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
  if (line.size() <= kSuffix.size() || !line.ends_with(kSuffix)) return std::nullopt;
  line.resize(line.size() - kSuffix.size());  // "PATH:LINE"
  size_t colon = line.rfind(':');
  if (colon == std::string::npos || colon + 1 == line.size() || line.size() - colon > 10) return std::nullopt;
  int value = 0;
  for (size_t k = colon + 1; k < line.size(); ++k) {
    if (line[k] < '0' || line[k] > '9') return std::nullopt;
    value = value * 10 + (line[k] - '0');
  }
  return value;
}

std::optional<ReportedError> error_from_stderr(std::string_view err) {
  std::string line = first_line(err, std::string::npos);
  static constexpr std::string_view kMarker = ": error: ";
  size_t marker = line.find(kMarker);
  if (marker == std::string::npos) return std::nullopt;
  size_t colon = line.rfind(':', marker == 0 ? 0 : marker - 1);
  if (colon == std::string::npos || colon >= marker) return std::nullopt;
  ReportedError reported;
  try {
    reported.line = std::stoi(line.substr(colon + 1, marker - colon - 1));
  } catch (...) {  // not a number: not the form of spec §1
    return std::nullopt;
  }
  size_t rule_start = marker + kMarker.size();
  size_t rule_end = line.find(':', rule_start);
  reported.rule = line.substr(rule_start, rule_end == std::string::npos ? std::string::npos : rule_end - rule_start);
  return reported;
}

std::string first_line(std::string_view text, size_t max_chars) {
  std::string_view line = text.substr(0, text.find('\n'));
  if (line.ends_with('\r')) line.remove_suffix(1);
  if (line.size() <= max_chars) return std::string(line);
  return std::string(line.substr(0, max_chars)) + "...";
}

std::string first_lines(std::string_view text, size_t max_lines) {
  std::string result;
  size_t shown = 0, pos = 0;
  while (pos < text.size() && shown < max_lines) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    if (end - pos <= kExcerptLineBytes)
      result.append(text.substr(pos, end - pos));
    else
      result.append(text.substr(pos, kExcerptLineBytes)) += fmt::format("... ({} more bytes)", end - pos - kExcerptLineBytes);
    result.push_back('\n');
    pos = end + 1;
    ++shown;
  }
  if (pos < text.size()) {
    size_t rest = static_cast<size_t>(std::count(text.begin() + static_cast<long>(pos), text.end(), '\n'));
    if (!text.ends_with('\n')) ++rest;
    result += fmt::format("... ({} more lines)\n", rest);
  }
  return result;
}

}  // namespace uirgrade
