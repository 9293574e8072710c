// Every value is written in a form the reader takes back unchanged: a number in the shortest form
// that rounds to the same double (fmt's "{}"), a size in MiB as the reader multiplies it back, a
// name plain when YAML reads it as itself and double-quoted otherwise. Maps of a few keys (an
// entry, `fuzz`, `limits`) are written on one line, as people write them in suites/.
#include "testcase/suite_write.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>

namespace uirgrade {

namespace {

/// A test's stem or a suite's folder as YAML reads it back. Plain when made of letters, digits,
/// '_', '-' and '.' (not first) and not a spelling of null (which yaml-cpp reads as no value);
/// otherwise double-quoted, with '"', '\' and control characters escaped.
std::string yaml_name(std::string_view name) {
  auto plain_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
  };
  bool plain = !name.empty() && name.front() != '-' && name.front() != '.' && name != "null" && name != "Null" &&
               name != "NULL" && std::all_of(name.begin(), name.end(), plain_char);
  if (plain) return std::string(name);
  std::string quoted = "\"";
  for (char c : name) {
    auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') quoted += {'\\', c};
    else if (byte < 0x20 || byte == 0x7f) quoted += fmt::format("\\x{:02x}", byte);
    else quoted += c;
  }
  return quoted + "\"";
}

/// `heading` as comment lines, one "# " per line.
std::string comment_lines(std::string_view heading) {
  std::string text;
  while (!heading.empty()) {
    size_t end = std::min(heading.find('\n'), heading.size());
    text += fmt::format("# {}\n", heading.substr(0, end));
    heading.remove_prefix(std::min(end + 1, heading.size()));
  }
  return text;
}

/// The keys of `settings` that differ from `base`, as "key: value", in the reader's order.
std::vector<std::string> settings_keys(const TestSettings& settings, const TestSettings& base) {
  std::vector<std::string> keys;
  if (settings.points != base.points) keys.push_back(fmt::format("points: {}", settings.points));
  if (settings.visibility != base.visibility)
    keys.push_back(fmt::format("visibility: {}", visibility_name(settings.visibility)));
  if (settings.tolerance.rtol != base.tolerance.rtol) keys.push_back(fmt::format("rtol: {}", settings.tolerance.rtol));
  if (settings.tolerance.atol != base.tolerance.atol) keys.push_back(fmt::format("atol: {}", settings.tolerance.atol));
  if (settings.timeout_seconds && settings.timeout_seconds != base.timeout_seconds)
    keys.push_back(fmt::format("timeout: {}", *settings.timeout_seconds));
  if (settings.modes && settings.modes != base.modes) {
    std::vector<std::string_view> names;
    for (Mode mode : *settings.modes) names.push_back(mode_name(mode));
    keys.push_back(fmt::format("modes: [{}]", fmt::join(names, ", ")));
  }
  return keys;
}

/// The week's `limits` keys that differ from the built-in defaults, in the reader's order.
std::vector<std::string> limit_keys(const ProcessLimits& limits, const CompileLimits& compile) {
  const ProcessLimits process_default;
  const CompileLimits compile_default;
  auto mib = [](uint64_t bytes) { return static_cast<double>(bytes) / (1024 * 1024); };
  std::vector<std::string> keys;
  if (limits.wall_seconds != process_default.wall_seconds) keys.push_back(fmt::format("wall_seconds: {}", limits.wall_seconds));
  if (limits.cpu_seconds != process_default.cpu_seconds) keys.push_back(fmt::format("cpu_seconds: {}", limits.cpu_seconds));
  if (limits.memory_bytes != process_default.memory_bytes) keys.push_back(fmt::format("memory_mb: {}", mib(limits.memory_bytes)));
  if (limits.stdout_cap_bytes != process_default.stdout_cap_bytes)
    keys.push_back(fmt::format("stdout_mb: {}", mib(limits.stdout_cap_bytes)));
  if (limits.stderr_cap_bytes != process_default.stderr_cap_bytes)
    keys.push_back(fmt::format("stderr_mb: {}", mib(limits.stderr_cap_bytes)));
  if (limits.file_size_bytes != process_default.file_size_bytes)
    keys.push_back(fmt::format("file_size_mb: {}", mib(limits.file_size_bytes)));
  if (compile.seconds != compile_default.seconds) keys.push_back(fmt::format("compile_seconds: {}", compile.seconds));
  if (compile.memory_bytes != compile_default.memory_bytes)
    keys.push_back(fmt::format("compile_memory_mb: {}", mib(compile.memory_bytes)));
  return keys;
}

std::optional<std::string> write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary);
  file << text;
  file.close();
  if (!file) return fmt::format("cannot write {}", path.string());
  return std::nullopt;
}

}  // namespace

std::string suite_manifest_text(const SuiteManifest& manifest) {
  std::string text = comment_lines(manifest.heading) + fmt::format("week: {}\n", manifest.week);
  if (std::vector<std::string> keys = settings_keys(manifest.defaults, TestSettings{}); !keys.empty()) {
    text += "defaults:\n";
    for (const std::string& key : keys) text += fmt::format("  {}\n", key);
  }
  if (!manifest.tests.empty()) text += "tests:\n";
  for (const auto& [stem, settings] : manifest.tests)
    text += fmt::format("  {}: {{{}}}\n", yaml_name(stem), fmt::join(settings_keys(settings, manifest.defaults), ", "));
  return text;
}

std::string weeks_text(std::string_view heading, const std::vector<WeekPlan>& plans) {
  const WeekPlan plan_default;
  std::string text = comment_lines(heading) + "weeks:\n";
  for (const WeekPlan& plan : plans) {
    std::vector<std::string> suites, fuzz;
    for (const std::string& suite : plan.suites) suites.push_back(yaml_name(suite));
    for (const auto& [kind, count] : plan.fuzz_counts) fuzz.push_back(fmt::format("{}: {}", kind, count));
    text += fmt::format("  {}:\n    suites: [{}]\n", plan.week, fmt::join(suites, ", "));
    if (!fuzz.empty()) text += fmt::format("    fuzz: {{{}}}\n", fmt::join(fuzz, ", "));
    if (plan.fuzz_visibility != plan_default.fuzz_visibility)
      text += fmt::format("    fuzz_visibility: {}\n", visibility_name(plan.fuzz_visibility));
    if (plan.fuzz_minimized_shown != plan_default.fuzz_minimized_shown)
      text += fmt::format("    fuzz_minimized: {}\n", plan.fuzz_minimized_shown ? "shown" : "hidden");
    if (std::vector<std::string> limits = limit_keys(plan.limits, plan.compile_limits); !limits.empty())
      text += fmt::format("    limits: {{{}}}\n", fmt::join(limits, ", "));
    if (plan.work_limit)
      text += fmt::format("    work_limit: {}\n    work_points: {}\n", *plan.work_limit, plan.work_points);
  }
  return text;
}

std::optional<std::string> write_suite_manifest(const std::string& suite_dir, const SuiteManifest& manifest) {
  return write_text(std::filesystem::path(suite_dir) / "suite.yaml", suite_manifest_text(manifest));
}

std::optional<std::string> write_weeks(const std::string& suites_dir, std::string_view heading,
                                       const std::vector<WeekPlan>& plans) {
  return write_text(std::filesystem::path(suites_dir) / "weeks.yaml", weeks_text(heading, plans));
}

}  // namespace uirgrade
