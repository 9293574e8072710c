// Loading suites: suites/weeks.yaml (what each week grades), each suite's suite.yaml (per-test
// points, visibility, tolerances, timeouts, modes) and each .uir file's headers (case_headers.cc).
//
// The YAML is read strictly, because a typo in a manifest silently changes grades: an unknown key
// anywhere, a manifest entry naming a file that does not exist, or a value of the wrong type is a
// SuiteError naming the file and the line (yaml-cpp's Mark is 0-based; we print 1-based). A .uir
// file the manifest does not list gets the suite's defaults, so adding a test is adding a file.
// A test graded in both modes becomes two TestCases with the same name, run first, then render:
// the name (and so the random data) is shared, the mode tells them apart in reports.
#include "testcase/suite.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <boost/filesystem.hpp>
#include <cmath>
#include <optional>
#include <string_view>
#include <utility>

#include "base/file_text.h"
#include "testcase/repeat_lines.h"

namespace uirgrade {

namespace {

namespace fs = boost::filesystem;

/// Thrown inside this file only (never out of it) to unwind a nested YAML walk to its caller.
struct Failure {
  SuiteError error;
};

/// yaml-cpp's marks are 0-based; ours are 1-based, 0 meaning "the file as a whole".
int line_of(const YAML::Mark& mark) { return mark.is_null() ? 0 : mark.line + 1; }
int line_of(const YAML::Node& node) { return line_of(node.Mark()); }

[[noreturn]] void fail(const std::string& file, const YAML::Node& node, std::string message) {
  throw Failure{SuiteError{file, line_of(node), std::move(message)}};
}

/// Refuses every key of the map `node` that is not in `known`.
void expect_keys(const std::string& file, const YAML::Node& node, std::string_view what,
                 std::initializer_list<std::string_view> known) {
  if (!node.IsMap()) fail(file, node, fmt::format("{} must be a mapping", what));
  for (const auto& kv : node) {
    std::string key = kv.first.Scalar();
    if (std::find(known.begin(), known.end(), key) == known.end())
      fail(file, kv.first,
           fmt::format("unknown key '{}' in {} (known: {})", key, what, fmt::join(known, ", ")));
  }
}

template <typename T>
T scalar(const std::string& file, const YAML::Node& node, std::string_view what) {
  if (!node.IsScalar()) fail(file, node, fmt::format("{} must be a single value", what));
  T value;
  if (!YAML::convert<T>::decode(node, value))
    fail(file, node, fmt::format("'{}' is not a valid {}", node.Scalar(), what));
  return value;
}

double positive(const std::string& file, const YAML::Node& node, std::string_view what) {
  double v = scalar<double>(file, node, what);
  if (!(v > 0) || !std::isfinite(v)) fail(file, node, fmt::format("{} must be a positive number", what));
  return v;
}

double non_negative(const std::string& file, const YAML::Node& node, std::string_view what) {
  double v = scalar<double>(file, node, what);
  if (!(v >= 0) || !std::isfinite(v)) fail(file, node, fmt::format("{} must be zero or more", what));
  return v;
}

Visibility parse_visibility(const std::string& file, const YAML::Node& node) {
  std::string v = scalar<std::string>(file, node, "visibility");
  if (std::optional<Visibility> visibility = visibility_from_name(v)) return *visibility;
  fail(file, node, fmt::format("visibility '{}' is not visible, after_due_date or hidden", v));
}

std::vector<Mode> parse_modes(const std::string& file, const YAML::Node& node) {
  if (!node.IsSequence() || node.size() == 0)
    fail(file, node, "modes must be a list: [run], [render] or [run, render]");
  std::vector<Mode> modes;
  for (const YAML::Node& item : node) {
    std::string m = scalar<std::string>(file, item, "mode");
    std::optional<Mode> named = mode_from_name(m);
    if (!named) fail(file, item, fmt::format("mode '{}' is not run or render", m));
    Mode mode = *named;
    if (std::find(modes.begin(), modes.end(), mode) != modes.end())
      fail(file, item, fmt::format("mode '{}' listed twice", m));
    modes.push_back(mode);
  }
  std::sort(modes.begin(), modes.end());  // run before render, whatever the order written
  return modes;
}

/// Applies the keys of `node` (a manifest entry or the defaults) on top of `settings`.
void apply_settings(const std::string& file, const YAML::Node& node, std::string_view what,
                    TestSettings& settings) {
  if (!node || node.IsNull()) return;
  expect_keys(file, node, what, {"points", "visibility", "rtol", "atol", "timeout", "modes"});
  if (node["points"]) settings.points = non_negative(file, node["points"], "points");
  if (node["visibility"]) settings.visibility = parse_visibility(file, node["visibility"]);
  if (node["rtol"]) settings.tolerance.rtol = non_negative(file, node["rtol"], "rtol");
  if (node["atol"]) settings.tolerance.atol = non_negative(file, node["atol"], "atol");
  if (node["timeout"]) settings.timeout_seconds = positive(file, node["timeout"], "timeout (seconds)");
  if (node["modes"]) settings.modes = parse_modes(file, node["modes"]);
}

// A suite file that cannot be read is a suite error, reported with the others.
std::string read_suite_file(const std::string& path) {
  std::optional<std::string> text = read_file_text(path);
  if (!text) throw Failure{SuiteError{path, 0, "cannot read the file"}};
  return std::move(*text);
}

/// yaml-cpp's parser messages ("end of map not found") in plain words, with the usual cause.
std::string plain_yaml_message(const std::string& message) {
  if (message.find("end of map") != std::string::npos || message.find("end of sequence") != std::string::npos ||
      message.find("illegal map value") != std::string::npos || message.find("block") != std::string::npos)
    return fmt::format("the YAML does not parse here ({}): check the indentation (the keys of one mapping start in "
                       "the same column, with spaces, not tabs) and that each 'key:' has its colon",
                       message);
  return fmt::format("the YAML does not parse here: {}", message);
}

YAML::Node load_yaml(const std::string& file) {
  std::string text = read_suite_file(file);
  try {
    return YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw Failure{SuiteError{file, line_of(e.mark), plain_yaml_message(e.msg)}};
  }
}

/// Runs `load` and turns every way it can fail into a SuiteError value: our own Failure, a
/// conversion yaml-cpp throws from deep inside (named after `yaml_file`), a filesystem error.
template <typename Load>
auto errors_as_values(const std::string& yaml_file, Load&& load)
    -> std::variant<decltype(load()), SuiteError> {
  try {
    return load();
  } catch (const Failure& f) {
    return f.error;
  } catch (const YAML::Exception& e) {
    return SuiteError{yaml_file, line_of(e.mark), e.msg};
  } catch (const fs::filesystem_error& e) {
    return SuiteError{yaml_file, 0, e.what()};
  }
}

/// The `weeks:` mapping of weeks.yaml.
YAML::Node weeks_of(const std::string& file, const YAML::Node& root) {
  expect_keys(file, root, "weeks.yaml", {"limits", "weeks"});
  if (!root["weeks"] || !root["weeks"].IsMap())
    fail(file, root, "weeks.yaml needs 'weeks:', a mapping from week number to its plan");
  return root["weeks"];
}

/// Runs `step`; a failure of it becomes one more error of `errors` instead of ending the load, so
/// that one broken entry does not hide the problems of the others. False when it failed.
template <typename Step>
bool keep_going(std::vector<SuiteError>& errors, const std::string& yaml_file, Step&& step) {
  auto done = errors_as_values(yaml_file, [&] {
    step();
    return true;
  });
  if (auto* e = std::get_if<SuiteError>(&done)) {
    errors.push_back(*e);
    return false;
  }
  return true;
}

/// The manifest's `tests:` entries by stem; an entry naming no test file, or named twice, is an error
/// of its line, and the rest are still read.
std::map<std::string, YAML::Node> manifest_entries(const std::string& manifest, const YAML::Node& tests,
                                                   const std::string& suite_dir, const std::vector<std::string>& stems,
                                                   std::vector<SuiteError>& errors) {
  std::map<std::string, YAML::Node> entries;
  if (!tests || tests.IsNull()) return entries;
  if (!tests.IsMap()) {
    keep_going(errors, manifest, [&] { fail(manifest, tests, "tests must map a test's name (its file stem) to its settings"); });
    return entries;
  }
  for (const auto& kv : tests)
    keep_going(errors, manifest, [&] {
      std::string stem = kv.first.Scalar();
      if (!std::binary_search(stems.begin(), stems.end(), stem))
        fail(manifest, kv.first, fmt::format("test '{}' has no file {}.uir in {}", stem, stem, suite_dir));
      if (!entries.emplace(stem, kv.second).second) fail(manifest, kv.first, fmt::format("test '{}' listed twice", stem));
    });
  return entries;
}

/// A test file's text with its `#repeat` lines expanded; nullopt, with the error kept, when it cannot
/// be read or expanded.
std::optional<std::string> read_test_file_text(const std::string& path, std::vector<SuiteError>& errors) {
  std::string text;
  if (!keep_going(errors, path, [&] { text = read_suite_file(path); })) return std::nullopt;
  std::variant<std::string, SuiteError> expanded = expand_repeat_lines(path, text);
  if (auto* error = std::get_if<SuiteError>(&expanded)) {
    errors.push_back(std::move(*error));
    return std::nullopt;
  }
  return std::move(std::get<std::string>(expanded));
}

}  // namespace

SuiteLoad load_suite_fully(const std::string& suite_dir, const std::string& suite_name, int week) {
  SuiteLoad load;
  const std::string manifest = (fs::path(suite_dir) / "suite.yaml").string();
  YAML::Node loaded_root;
  const YAML::Node& root = loaded_root;  // read through const: a non-const operator[] would add keys
  int suite_week = 0;
  std::vector<std::string> stems;
  // Without a readable manifest and its week nothing else can be checked.
  bool readable = keep_going(load.errors, manifest, [&] {
    loaded_root = load_yaml(manifest);
    if (!root.IsMap()) fail(manifest, root, "suite.yaml must be a mapping");
    if (!root["week"]) fail(manifest, root, "suite.yaml needs 'week: N', the week that introduces the suite");
    suite_week = scalar<int>(manifest, root["week"], "week");
    if (week != 0 && suite_week != week)
      fail(manifest, root["week"], fmt::format("the suite says week {}, it was loaded as week {}", suite_week, week));
    for (const fs::directory_entry& entry : fs::directory_iterator(suite_dir))
      if (fs::is_regular_file(entry.path()) && entry.path().extension() == ".uir")
        stems.push_back(entry.path().stem().string());
    std::sort(stems.begin(), stems.end());
  });
  if (!readable) return load;
  keep_going(load.errors, manifest, [&] { expect_keys(manifest, root, "suite.yaml", {"week", "defaults", "tests"}); });

  TestSettings defaults;
  keep_going(load.errors, manifest, [&] { apply_settings(manifest, root["defaults"], "defaults", defaults); });

  std::map<std::string, YAML::Node> entries = manifest_entries(manifest, root["tests"], suite_dir, stems, load.errors);

  for (const std::string& stem : stems) {
    TestSettings settings = defaults;
    const YAML::Node* entry = nullptr;
    if (auto it = entries.find(stem); it != entries.end()) {
      entry = &it->second;
      keep_going(load.errors, manifest, [&] { apply_settings(manifest, *entry, "a test entry", settings); });
    }
    const std::string path = (fs::path(suite_dir) / (stem + ".uir")).string();
    std::optional<std::string> text = read_test_file_text(path, load.errors);
    if (!text) continue;
    ParsedTestFile parsed = parse_test_file_fully(path, *text, suite_name + "/" + stem, suite_name, suite_week);
    load.errors.insert(load.errors.end(), parsed.errors.begin(), parsed.errors.end());
    load.warnings.insert(load.warnings.end(), parsed.warnings.begin(), parsed.warnings.end());
    if (!parsed.test) continue;
    TestCase test = std::move(*parsed.test);
    test.points = settings.points;
    test.visibility = settings.visibility;
    test.tolerance = settings.tolerance;
    test.timeout_seconds = settings.timeout_seconds;
    std::vector<Mode> modes = settings.modes.value_or(std::vector<Mode>{test.mode});
    if ((test.render_loops || test.render_work) && std::find(modes.begin(), modes.end(), Mode::Render) == modes.end()) {
      load.errors.push_back(SuiteError{
          manifest, line_of(entry ? *entry : root["tests"]),
          fmt::format("{}.uir says 'render: {}', the manifest grades it only in run mode", stem,
                      test.render_loops ? "loops=N" : "work")});
      continue;
    }
    for (Mode mode : modes) {
      test.mode = mode;
      load.tests.push_back(test);
    }
  }
  return load;
}

namespace {

/// Reads the `limits:` keys of weeks.yaml on top of `limits`.
void apply_limits(const std::string& file, const YAML::Node& node, ProcessLimits& limits, CompileLimits& compile) {
  if (!node || node.IsNull()) return;
  expect_keys(file, node, "limits",
              {"wall_seconds", "cpu_seconds", "memory_mb", "stdout_mb", "stderr_mb", "file_size_mb", "compile_seconds",
               "compile_memory_mb"});
  auto mib = [&](const char* key) {
    return static_cast<uint64_t>(positive(file, node[key], key) * 1024 * 1024);
  };
  if (node["wall_seconds"]) limits.wall_seconds = positive(file, node["wall_seconds"], "wall_seconds");
  if (node["cpu_seconds"]) limits.cpu_seconds = positive(file, node["cpu_seconds"], "cpu_seconds");
  if (node["memory_mb"]) limits.memory_bytes = mib("memory_mb");
  if (node["stdout_mb"]) limits.stdout_cap_bytes = mib("stdout_mb");
  if (node["stderr_mb"]) limits.stderr_cap_bytes = mib("stderr_mb");
  if (node["file_size_mb"]) limits.file_size_bytes = mib("file_size_mb");
  if (node["compile_seconds"]) compile.seconds = positive(file, node["compile_seconds"], "compile_seconds");
  if (node["compile_memory_mb"]) compile.memory_bytes = mib("compile_memory_mb");
}

/// Week-plan keys that have a new name: an old weeks.yaml is refused with the new one, not read
/// under the old. `fuzz_shrunk` was named after the view op `shrink`.
constexpr std::pair<std::string_view, std::string_view> kRenamedWeekKeys[] = {{"fuzz_shrunk", "fuzz_minimized"}};

/// Refuses a key of the week plan `node` that kRenamedWeekKeys lists, naming its new name.
void refuse_renamed_keys(const std::string& file, const YAML::Node& node, std::string_view what) {
  if (!node.IsMap()) return;
  for (const auto& kv : node)
    for (const auto& [old_key, new_key] : kRenamedWeekKeys)
      if (kv.first.Scalar() == old_key)
        fail(file, kv.first, fmt::format("'{}' in {} is now called '{}' (same values)", old_key, what, new_key));
}

/// The kinds of generated programs a week may ask for (the generator's two families).
constexpr std::string_view kFuzzKinds[] = {"valid", "invalid", "probe", "shape"};

/// `work_limit: X` (a ratio to the oracle's instructions, at least 1) and `work_points: P` come
/// together: a limit without points would score nothing, points without a limit have no rule.
void apply_work_plan(const std::string& file, const YAML::Node& plan_node, WeekPlan& plan) {
  const YAML::Node limit = plan_node["work_limit"], points = plan_node["work_points"];
  if (!limit && !points) return;
  if (!limit || !points)
    fail(file, limit ? limit : points, "'work_limit' and 'work_points' come together: the ratio to the oracle's "
                                       "work a kernel may reach, and the points it then earns");
  double ratio = scalar<double>(file, limit, "work_limit");
  if (!(ratio >= 1)) fail(file, limit, "work_limit is a ratio to the oracle's work: 1 or more (e.g. 1.5)");
  plan.work_limit = ratio;
  plan.work_points = non_negative(file, points, "work_points");
}

/// Week `week`'s plan from `root`, the parsed weeks.yaml (`file`) of `suites_dir`.
WeekPlan plan_or_throw(const std::string& suites_dir, const std::string& file, const YAML::Node& root, int week) {
  const YAML::Node weeks = weeks_of(file, root);
  WeekPlan plan;
  plan.week = week;
  apply_limits(file, root["limits"], plan.limits, plan.compile_limits);
  std::optional<YAML::Node> entry;
  for (const auto& kv : weeks) {
    // Every key must be a number, even those of other weeks.
    if (scalar<int>(file, kv.first, "week number") != week) continue;
    if (entry) fail(file, kv.first, fmt::format("week {} listed twice", week));
    entry.emplace(kv.second);
  }
  if (!entry) fail(file, weeks, fmt::format("weeks.yaml has no week {}", week));
  const YAML::Node& plan_node = *entry;
  refuse_renamed_keys(file, plan_node, fmt::format("week {}", week));
  expect_keys(file, plan_node, fmt::format("week {}", week),
              {"suites", "fuzz", "fuzz_visibility", "fuzz_minimized", "limits", "work_limit", "work_points"});
  if (!plan_node["suites"] || !plan_node["suites"].IsSequence() || plan_node["suites"].size() == 0)
    fail(file, plan_node, fmt::format("week {} needs 'suites:', a list of suite folders", week));
  for (const YAML::Node& s : plan_node["suites"]) {
    std::string name = scalar<std::string>(file, s, "suite name");
    if (std::find(plan.suites.begin(), plan.suites.end(), name) != plan.suites.end())
      fail(file, s, fmt::format("suite '{}' listed twice", name));
    if (!fs::is_directory(fs::path(suites_dir) / name))
      fail(file, s, fmt::format("no suite folder '{}'", name));
    plan.suites.push_back(name);
  }
  if (const YAML::Node fuzz = plan_node["fuzz"]; fuzz && !fuzz.IsNull()) {
    if (!fuzz.IsMap()) fail(file, fuzz, "fuzz must map a kind (valid, invalid, probe, shape) to a count");
    for (const auto& kv : fuzz) {
      std::string kind = kv.first.Scalar();
      if (std::find(std::begin(kFuzzKinds), std::end(kFuzzKinds), kind) == std::end(kFuzzKinds))
        fail(file, kv.first, fmt::format("unknown fuzz kind '{}' (known: valid, invalid, probe, shape)", kind));
      if (kind == "shape" && week < 3)
        fail(file, kv.first, "the enumerated shapes are loop nests: fuzz kind 'shape' is for week 3 on");
      int count = scalar<int>(file, kv.second, "fuzz count");
      if (count < 0) fail(file, kv.second, "a fuzz count must be zero or more");
      plan.fuzz_counts[kind] = count;
    }
  }
  if (const YAML::Node visibility = plan_node["fuzz_visibility"]) plan.fuzz_visibility = parse_visibility(file, visibility);
  if (const YAML::Node minimized = plan_node["fuzz_minimized"]) {
    std::string v = scalar<std::string>(file, minimized, "fuzz_minimized");
    if (v != "shown" && v != "hidden") fail(file, minimized, fmt::format("fuzz_minimized '{}' is not shown or hidden", v));
    plan.fuzz_minimized_shown = v == "shown";
  }
  apply_limits(file, plan_node["limits"], plan.limits, plan.compile_limits);
  apply_work_plan(file, plan_node, plan);
  return plan;
}

}  // namespace

std::variant<std::vector<TestCase>, SuiteError> load_suite(const std::string& suite_dir,
                                                           const std::string& suite_name, int week) {
  SuiteLoad load = load_suite_fully(suite_dir, suite_name, week);
  if (!load.errors.empty()) return load.errors.front();
  return std::move(load.tests);
}

PlansLoad load_plans_fully(const std::string& suites_dir) {
  const std::string file = (fs::path(suites_dir) / "weeks.yaml").string();
  PlansLoad load;
  YAML::Node root;
  std::vector<YAML::Node> week_keys;
  if (!keep_going(load.errors, file, [&] {
        root = load_yaml(file);  // read once for every week
        for (const auto& kv : weeks_of(file, root)) week_keys.push_back(kv.first);
      }))
    return load;
  for (const YAML::Node& key : week_keys)
    keep_going(load.errors, file, [&] {
      load.plans.push_back(plan_or_throw(suites_dir, file, root, scalar<int>(file, key, "week number")));
    });
  std::sort(load.plans.begin(), load.plans.end(), [](const WeekPlan& a, const WeekPlan& b) { return a.week < b.week; });
  return load;
}

std::variant<std::vector<WeekPlan>, SuiteError> load_plans(const std::string& suites_dir) {
  PlansLoad load = load_plans_fully(suites_dir);
  if (!load.errors.empty()) return load.errors.front();
  return std::move(load.plans);
}

std::variant<LoadedWeek, SuiteError> load_week(const std::string& suites_dir, int week, const SuiteTests& loaded_suites) {
  const std::string file = (fs::path(suites_dir) / "weeks.yaml").string();
  auto plan = errors_as_values(file, [&] { return plan_or_throw(suites_dir, file, load_yaml(file), week); });
  if (auto* e = std::get_if<SuiteError>(&plan)) return *e;
  LoadedWeek loaded;
  loaded.plan = std::get<WeekPlan>(std::move(plan));
  for (const std::string& suite : loaded.plan.suites) {
    if (auto found = loaded_suites.find(suite); found != loaded_suites.end()) {
      loaded.tests.insert(loaded.tests.end(), found->second.begin(), found->second.end());
      continue;
    }
    auto tests = load_suite((fs::path(suites_dir) / suite).string(), suite, 0);
    if (auto* e = std::get_if<SuiteError>(&tests)) return *e;
    for (TestCase& t : std::get<std::vector<TestCase>>(tests)) loaded.tests.push_back(std::move(t));
  }
  for (TestCase& t : loaded.tests)
    if (t.render_work && loaded.plan.work_limit) {
      t.work_limit = loaded.plan.work_limit;
      t.work_points = loaded.plan.work_points;
    }
  return loaded;
}

}  // namespace uirgrade
