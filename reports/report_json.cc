// The JSON report: the run's facts first (seed first, so that a reader sees how to reproduce the run
// before anything else), then the totals, then every test with every field of its TestResult. It is
// the one machine-readable format that `grade merge` reads back, so read_json checks every field and
// names the test and the field at fault.
//
// The seed is written as a decimal string: it is a full 64-bit value, and JSON numbers above 2^53
// lose digits in JavaScript and in many CI tools.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>
#include <cmath>
#include <optional>
#include <ostream>
#include <set>
#include <utility>

#include "reports/json_reader.h"
#include "reports/json_writer.h"
#include "reports/report.h"
#include "reports/shown_result.h"
#include "reports/report_names.h"
#include "reports/report_totals.h"
#include "reports/report_digest.h"
#include "grader/feedback/display_text.h"

namespace uirgrade {

namespace {

std::string_view work_status_name(WorkFigure::Status status) {
  switch (status) {
    case WorkFigure::Status::Measured: return "measured";
    case WorkFigure::Status::KernelFailed: return "kernel-failed";
    case WorkFigure::Status::InternalError: return "internal-error";
  }
  return "internal-error";
}

std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> names;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) names.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return names;
}

std::optional<WorkFigure::Status> work_status_from_name(std::string_view name) {
  for (auto status : {WorkFigure::Status::Measured, WorkFigure::Status::KernelFailed, WorkFigure::Status::InternalError})
    if (work_status_name(status) == name) return status;
  return std::nullopt;
}

/// A work test's figure (issue 26): the counts, the ratio, the plan's verdict and, for a test the
/// student may see, the hot lines with the student's C (bounded and escaped like every student text).
void write_work(const WorkFigure& work, bool with_lines, JsonWriter& json) {
  json.key("work");
  json.begin_object();
  json.key("status").string(work_status_name(work.status));
  json.key("message").string(shown_line(work.message));
  json.key("instructions").number(static_cast<double>(work.student_instructions));
  json.key("oracle_instructions").number(static_cast<double>(work.oracle_instructions));
  json.key("ratio").number(work.ratio);
  json.key("scored").boolean(work.limit.has_value() && work.max_points > 0);
  json.key("limit").number(work.limit.value_or(0));
  json.key("points").number(work.points);
  json.key("max_points").number(work.max_points);
  json.key("time").number(work.seconds);
  json.key("hot_lines");
  json.begin_array();
  if (with_lines)
    for (const HotLine& hot : work.hot_lines) {
      json.begin_object();
      json.key("line").integer(hot.line);
      json.key("runs").number(static_cast<double>(hot.runs));
      json.key("source").string(shown_line(hot.source_line));
      json.key("oracle_statement").string(hot.oracle_statement);
      json.key("oracle_line").integer(hot.oracle_uir_line);
      json.key("oracle_runs").number(static_cast<double>(hot.oracle_runs));
      json.key("oracle_loops").string(fmt::format("{}", fmt::join(hot.oracle_loops, " ")));
      json.key("depends_on").string(fmt::format("{}", fmt::join(hot.depends_on, " ")));
      json.key("text").string(describe_hot_line(hot));
      json.end_object();
    }
  json.end_array();
  json.end_object();
}

}  // namespace

void write_json(const Report& report, std::ostream& out) {
  const RunInfo& info = report.info;
  const Totals totals = add_up(report.results);
  JsonWriter json(out);
  json.begin_object();
  json.key("seed").string(std::to_string(info.seed));
  json.key("seed_is_secret").boolean(info.seed_is_secret);  // --seed random
  json.key("isolation").string(info.isolation);  // the sandbox line of the other formats
  json.key("week").integer(info.week);
  json.key("student").string(info.student);
  json.key("shard");
  json.begin_object();
  json.key("index").integer(info.shard_index);
  json.key("count").integer(info.shard_count);
  json.end_object();
  json.key("seconds").number(info.seconds);
  // The one cause of a compiler that failed alike on every test ("" otherwise): reports/report_digest.h.
  json.key("did_not_start").string(shown_line(did_not_start(report.results).value_or("")));
  json.key("totals");
  json.begin_object();
  json.key("tests").integer(totals.tests);
  json.key("passed").integer(totals.passed);
  json.key("failed").integer(totals.failed());
  json.key("points").number(totals.points);
  json.key("max_points").number(totals.max_points);
  json.end_object();
  json.key("tests");
  json.begin_array();
  for (const TestResult& result : report.results) {
    json.begin_object();
    json.key("name").string(result.name);
    json.key("suite").string(result.suite);
    json.key("week").integer(result.week);
    json.key("mode").string(mode_name(result.mode));
    json.key("visibility").string(visibility_name(result.visibility));
    json.key("verdict").string(verdict_name(result.verdict));
    json.key("points").number(result.points);
    json.key("max_points").number(result.max_points);
    json.key("time").number(result.seconds);
    json.key("compile_time").number(result.compile_seconds);  // render: the C compiler on the kernel
    const ShownResult shown = shown_result(result);  // bounded and escaped, as in every report
    json.key("message").string(shown.message);
    json.key("details").string(shown.details);
    json.key("student_said").string(shown.student_said);
    json.key("reproduce").string(shown.reproduce);
    json.key("description").string(shown.description);
    json.key("context").string(shown.context);
    json.key("minimized").string(shown.minimized);
    json.key("minimized_message").string(shown.minimized_message);
    json.key("minimized_shown").boolean(result.minimized_shown);
    if (result.work) write_work(*result.work, student_may_see(result), json);
    json.end_object();
  }
  json.end_array();
  json.end_object();
  json.finish();
}

namespace {

// Reads the fields of one JSON object; the first problem is kept in `error`, prefixed with `where`.
class FieldReader {
 public:
  FieldReader(const JsonValue& object, std::string where, std::string& error)
      : object_(object), where_(std::move(where)), error_(error) {}

  const JsonValue* get(std::string_view key, JsonValue::Kind kind, std::string_view kind_name) {
    const JsonValue* value = object_.find(key);
    if (!value) return fail(fmt::format("missing field \"{}\"", key)), nullptr;
    if (value->kind != kind) return fail(fmt::format("field \"{}\" must be {}", key, kind_name)), nullptr;
    return value;
  }

  std::string text(std::string_view key) {
    const JsonValue* value = get(key, JsonValue::Kind::String, "a string");
    return value ? value->text : std::string();
  }

  std::string optional_text(std::string_view key) { return object_.find(key) ? text(key) : std::string(); }

  /// `key`, or `old_key` when only that is present: a report written before the field was renamed.
  std::string_view renamed(std::string_view key, std::string_view old_key) const {
    return object_.find(key) || !object_.find(old_key) ? key : old_key;
  }

  bool optional_boolean(std::string_view key, bool absent) {
    if (!object_.find(key)) return absent;
    const JsonValue* value = get(key, JsonValue::Kind::Bool, "true or false");
    return value ? value->boolean : absent;
  }

  double optional_number(std::string_view key, double absent) {
    return object_.find(key) ? number(key) : absent;
  }

  double number(std::string_view key) {
    const JsonValue* value = get(key, JsonValue::Kind::Number, "a number");
    return value ? value->number : 0;
  }

  // A number spelled as an integer (no fraction, no exponent) that fits in an int.
  int integer(std::string_view key) {
    const JsonValue* value = get(key, JsonValue::Kind::Number, "an integer");
    if (!value) return 0;
    int result = 0;
    const std::string& spelling = value->text;
    const auto [end, ec] = std::from_chars(spelling.data(), spelling.data() + spelling.size(), result);
    if (ec != std::errc() || end != spelling.data() + spelling.size()) {
      fail(fmt::format("field \"{}\" must be an integer", key));
    }
    return result;
  }

  template <typename Enum>
  Enum name(std::string_view key, std::optional<Enum> (*from_name)(std::string_view)) {
    const std::string spelling = text(key);
    const std::optional<Enum> value = from_name(spelling);
    if (!value && error_.empty()) fail(fmt::format("unknown {} \"{}\"", key, spelling));
    return value.value_or(Enum{});
  }

  void fail(const std::string& what) {
    if (error_.empty()) error_ = where_.empty() ? what : where_ + ": " + what;
  }

 private:
  const JsonValue& object_;
  std::string where_;
  std::string& error_;
};

TestResult read_test(const JsonValue& object, const std::string& where, std::string& error) {
  TestResult result;
  if (object.kind != JsonValue::Kind::Object) {
    error = where + ": must be an object";
    return result;
  }
  result.name = FieldReader(object, where, error).text("name");
  if (!error.empty()) return result;
  FieldReader fields(object, fmt::format("{} ({})", where, result.name), error);
  result.suite = fields.text("suite");
  result.week = fields.integer("week");
  result.mode = fields.name<Mode>("mode", mode_from_name);
  result.visibility = fields.name<Visibility>("visibility", visibility_from_name);
  result.verdict = fields.name<Verdict>("verdict", verdict_from_name);
  result.points = fields.number("points");
  result.max_points = fields.number("max_points");
  result.seconds = fields.number("time");
  result.compile_seconds = fields.optional_number("compile_time", 0);  // absent before issue 22
  result.message = fields.text("message");
  result.details = fields.text("details");
  result.student_said = fields.optional_text("student_said");  // absent before issue 35
  result.reproduce = fields.text("reproduce");
  result.description = fields.text("description");
  result.context = fields.text("context");
  // Older reports name these fields "shrunk...", after the view op; they still load.
  result.minimized = fields.text(fields.renamed("minimized", "shrunk"));
  result.minimized_message = fields.text(fields.renamed("minimized_message", "shrunk_message"));
  result.minimized_shown =  // absent in reports before it
      fields.optional_boolean(fields.renamed("minimized_shown", "shrunk_shown"), true);
  if (const JsonValue* work = object.find("work")) {  // absent before issue 26 and for tests without work
    if (work->kind != JsonValue::Kind::Object) {
      fields.fail("field \"work\" must be an object");
      return result;
    }
    FieldReader w(*work, fmt::format("{} ({}) work", where, result.name), error);
    WorkFigure figure;
    figure.status = w.name<WorkFigure::Status>("status", work_status_from_name);
    figure.message = w.text("message");
    figure.student_instructions = static_cast<uint64_t>(w.number("instructions"));
    figure.oracle_instructions = static_cast<uint64_t>(w.number("oracle_instructions"));
    figure.ratio = w.number("ratio");
    if (w.optional_boolean("scored", false)) figure.limit = w.number("limit");
    figure.points = w.number("points");
    figure.max_points = w.number("max_points");
    figure.seconds = w.number("time");
    if (const JsonValue* hot = work->find("hot_lines"); hot && hot->kind == JsonValue::Kind::Array)
      for (const JsonValue& item : hot->items) {
        FieldReader h(item, fmt::format("{} ({}) hot line", where, result.name), error);
        HotLine line;
        line.line = h.integer("line");
        line.runs = static_cast<uint64_t>(h.number("runs"));
        line.source_line = h.text("source");
        line.oracle_statement = h.text("oracle_statement");
        line.oracle_uir_line = h.integer("oracle_line");
        line.oracle_runs = static_cast<uint64_t>(h.number("oracle_runs"));
        line.oracle_loops = split_names(h.text("oracle_loops"));
        line.depends_on = split_names(h.text("depends_on"));
        figure.hot_lines.push_back(std::move(line));
      }
    result.work = std::move(figure);
  }
  return result;
}

}  // namespace

std::variant<Report, std::string> read_json(const std::string& text) {
  auto parsed = parse_json(text);
  if (auto* problem = std::get_if<std::string>(&parsed)) return "not valid JSON: " + *problem;
  const JsonValue& root = std::get<JsonValue>(parsed);
  if (root.kind != JsonValue::Kind::Object) return std::string("not a report: the document is not an object");

  std::string error;
  Report report;
  FieldReader fields(root, "", error);
  const std::string seed = fields.text("seed");
  if (error.empty()) {
    const auto [end, ec] = std::from_chars(seed.data(), seed.data() + seed.size(), report.info.seed);
    if (ec != std::errc() || end != seed.data() + seed.size() || seed.empty()) {
      fields.fail(fmt::format("seed \"{}\" is not a 64-bit unsigned integer", seed));
    }
  }
  // Absent in reports written before --seed random existed.
  if (const JsonValue* secret = root.find("seed_is_secret"); secret && secret->kind == JsonValue::Kind::Bool)
    report.info.seed_is_secret = secret->boolean;
  report.info.week = fields.integer("week");
  report.info.student = fields.text("student");
  report.info.isolation = fields.text("isolation");
  report.info.seconds = fields.number("seconds");
  if (const JsonValue* shard = fields.get("shard", JsonValue::Kind::Object, "an object")) {
    FieldReader shard_fields(*shard, "shard", error);
    report.info.shard_index = shard_fields.integer("index");
    report.info.shard_count = shard_fields.integer("count");
  }
  Totals written_totals;
  if (const JsonValue* totals = fields.get("totals", JsonValue::Kind::Object, "an object")) {
    FieldReader total_fields(*totals, "totals", error);
    written_totals.tests = total_fields.integer("tests");
    written_totals.passed = total_fields.integer("passed");
    total_fields.integer("failed");  // derived; checked for presence and form only
    written_totals.points = total_fields.number("points");
    written_totals.max_points = total_fields.number("max_points");
  }
  const JsonValue* tests = fields.get("tests", JsonValue::Kind::Array, "an array");
  if (!error.empty()) return error;

  std::set<std::string> labels;
  for (size_t i = 0; i < tests->items.size(); ++i) {
    TestResult result = read_test(tests->items[i], fmt::format("tests[{}]", i), error);
    if (!error.empty()) return error;
    if (!labels.insert(result_label(result)).second) {
      return fmt::format("test {} appears twice", result_label(result));
    }
    report.results.push_back(std::move(result));
  }

  // A report whose totals disagree with its tests was cut short or edited: refuse it rather than
  // merge a wrong score.
  const Totals counted = add_up(report.results);
  const bool same_points =
      std::abs(counted.points - written_totals.points) <= 1e-9 * (1 + counted.points) &&
      std::abs(counted.max_points - written_totals.max_points) <= 1e-9 * (1 + counted.max_points);
  if (counted.tests != written_totals.tests || counted.passed != written_totals.passed || !same_points) {
    return fmt::format(
        "totals ({} tests, {} passed, {}/{} points) do not match the tests listed "
        "({} tests, {} passed, {}/{} points)",
        written_totals.tests, written_totals.passed, written_totals.points, written_totals.max_points,
        counted.tests, counted.passed, counted.points, counted.max_points);
  }
  return report;
}

}  // namespace uirgrade
