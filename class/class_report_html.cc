#include "class/class_report_html.h"

#include <algorithm>
#include <map>
#include <ostream>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "reports/html_text.h"
#include "reports/report_names.h"
#include "class/class_work.h"
#include "class/svg_histogram.h"

namespace uirgrade {
namespace {

constexpr const char* kStyle = R"(body{font-family:sans-serif;margin:24px;color:#222;max-width:1100px}
table{border-collapse:collapse;margin:8px 0 24px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f0f0f0}td.num{text-align:right}pre{background:#f7f7f7;padding:6px;max-height:16em;overflow:auto;white-space:pre-wrap}
details{margin:4px 0 12px}.zero{color:#b00})";

double score_of(const StudentRecord& student) {
  double score = 0;
  for (const TestResult& result : student.report.results) score += result.points;
  return score;
}

/// The failed tests as `grade mutants --json` names them: "week3/acc", or "week3/acc:render".
std::set<std::string> failed_names(const StudentRecord& student) {
  std::set<std::string> names;
  for (const TestResult& result : student.report.results)
    if (result.verdict != Verdict::Pass) names.insert(result.name + (result.mode == Mode::Render ? ":render" : ""));
  return names;
}

std::set<std::string> failed_labels(const StudentRecord& student) {
  std::set<std::string> labels;
  for (const TestResult& result : student.report.results)
    if (result.verdict != Verdict::Pass) labels.insert(result_label(result));
  return labels;
}

std::string student_link(const std::string& id) {
  return fmt::format("<a href=\"{}\">{}</a>", html_text(url_path("students/" + id + ".txt")), html_text(id));
}

/// The results that say something about a student's compiler: none for a student that was not
/// graded (missing, not executable, or never started: those are counted apart, not as failures).
const std::vector<TestResult>& graded_results(const StudentRecord& student) {
  static const std::vector<TestResult> kNone;
  return student.status == StudentStatus::Graded ? student.report.results : kNone;
}

/// The cause of a generated test's failure, from what its minimised program shows: the ops left
/// in it (a minimised program keeps only what the failure needs) and the verdict. Two students
/// failing one generated test for different reasons get different causes; two generated tests
/// failing for one reason (an idiv that floors) get the same.
std::string minimised_cause(const TestResult& result) {
  std::set<std::string> ops;
  size_t start = 0;
  const std::string& program = result.minimized;
  while (start < program.size()) {
    size_t end = program.find('\n', start);
    if (end == std::string::npos) end = program.size();
    std::string line = program.substr(start, end - start);
    start = end + 1;
    line = line.substr(0, line.find('#'));
    size_t equals = line.find('=');
    std::string rest = equals == std::string::npos ? line : line.substr(equals + 1);
    size_t word = rest.find_first_not_of(" \t\r");
    if (word == std::string::npos) continue;
    std::string op = rest.substr(word, rest.find_first_of(" \t\r(", word) - word);
    if (!op.empty() && op != "func" && op != "end" && op != "}" && op != "{") ops.insert(op);
  }
  return fmt::format("generated tests whose minimised program ({}) is {}: {}",
                     ops.empty() ? "empty" : fmt::format("{}", fmt::join(ops, ", ")), verdict_name(result.verdict),
                     result.minimized_message.empty() ? result.message : result.minimized_message);
}

void write_pass_rates(const ClassRun& run, std::ostream& out) {
  struct Rate {
    std::string label;
    int passed = 0, graded = 0;
  };
  std::map<std::string, Rate> rates;
  for (const StudentRecord& student : run.students)
    for (const TestResult& result : graded_results(student)) {
      Rate& rate = rates[result_label(result)];
      rate.label = result_label(result);
      ++rate.graded;
      rate.passed += result.verdict == Verdict::Pass ? 1 : 0;
    }
  std::vector<Rate> weakest, all_passed;
  for (auto& [label, rate] : rates) (rate.passed == rate.graded ? all_passed : weakest).push_back(rate);
  std::stable_sort(weakest.begin(), weakest.end(), [](const Rate& a, const Rate& b) {
    return a.passed * b.graded < b.passed * a.graded;  // a.passed/a.graded < b.passed/b.graded
  });
  auto rows = [&](const std::vector<Rate>& list) {
    out << "<tr><th>test</th><th>passed</th><th>rate</th></tr>\n";
    for (const Rate& rate : list) {
      double fraction = static_cast<double>(rate.passed) / rate.graded;
      out << fmt::format("<tr><td>{}</td><td class=\"num\">{}/{}</td><td>{} {:.0f}%</td></tr>\n",
                         html_text(rate.label), rate.passed, rate.graded, svg_rate_bar(fraction), 100 * fraction);
    }
  };
  out << "<h2 id=\"pass-rates-title\">Pass rate per test, weakest first</h2>\n<table id=\"pass-rates\">\n";
  rows(weakest);
  if (weakest.empty()) out << "<tr><td colspan=\"3\">Every graded student passed every test.</td></tr>\n";
  out << "</table>\n";
  // What everyone passed says little and is most of the list: folded.
  if (!all_passed.empty()) {
    out << fmt::format("<details id=\"all-passed\"><summary>{} test{} every graded student passed</summary>\n<table>\n",
                       all_passed.size(), all_passed.size() == 1 ? "" : "s");
    rows(all_passed);
    out << "</table></details>\n";
  }
}

/// Failures grouped by cause across the class. A test's cause is its `# about:` line (the spec
/// section or the book's pitfall it is about), so that the tests of one pitfall count together: "41
/// students: accumulator not reset per output element". A test without one is a cause of its own.
void write_failure_groups(const ClassRun& run, std::ostream& out) {
  struct Cause {
    std::string text;
    std::vector<const StudentRecord*> students;   // each once, in the run's order
    std::map<std::string, int> failed_by_test;    // label -> how many failures
    std::map<std::string, int> verdicts;          // verdict name -> how many failures
    const TestResult* example = nullptr;          // preferably a minimised one: the smallest program
    const StudentRecord* example_student = nullptr;
  };
  std::map<std::string, Cause> causes;
  for (const StudentRecord& student : run.students)
    for (const TestResult& result : graded_results(student)) {
      if (result.verdict == Verdict::Pass) continue;
      const std::string label = result_label(result);
      auto about = run.about_by_test.find(label);
      const std::string text = about != run.about_by_test.end() ? about->second
                               : !result.minimized.empty()     ? minimised_cause(result)
                                                               : label;
      Cause& cause = causes[text];
      cause.text = text;
      if (cause.students.empty() || cause.students.back() != &student) cause.students.push_back(&student);
      ++cause.failed_by_test[label];
      ++cause.verdicts[std::string(verdict_name(result.verdict))];
      if (!cause.example || (!result.minimized.empty() && cause.example->minimized.empty())) {
        cause.example = &result;
        cause.example_student = &student;
      }
    }
  std::vector<const Cause*> largest;
  for (const auto& [text, cause] : causes) largest.push_back(&cause);
  std::stable_sort(largest.begin(), largest.end(),
                   [](const Cause* a, const Cause* b) { return a->students.size() > b->students.size(); });
  out << "<h2 id=\"causes-title\">Failures by cause</h2>\n<div id=\"causes\">\n";
  if (largest.empty()) out << "<p>No failures among the graded students.</p>\n";
  for (const Cause* cause : largest) {
    std::vector<std::string> ids, tests, verdicts;
    for (const StudentRecord* student : cause->students) ids.push_back(student_link(student->id));
    for (const auto& [label, count] : cause->failed_by_test) tests.push_back(fmt::format("{} ({})", html_text(label), count));
    for (const auto& [verdict, count] : cause->verdicts)
      verdicts.push_back(cause->verdicts.size() == 1 ? verdict : fmt::format("{} ({})", verdict, count));
    out << fmt::format("<details><summary><b>{} student{}</b>: {} — {}</summary>\n", cause->students.size(),
                       cause->students.size() == 1 ? "" : "s", html_text(cause->text), fmt::join(verdicts, ", "));
    if (!cause->failed_by_test.count(cause->text)) out << fmt::format("<p>Tests: {}</p>\n", fmt::join(tests, ", "));
    out << fmt::format("<p>{}</p>\n<p>For example {} ({}): {}</p>\n", fmt::join(ids, ", "),
                       html_text(cause->example_student->id), html_text(result_label(*cause->example)),
                       html_text(cause->example->message));
    if (!cause->example->details.empty()) out << "<pre>" << html_text(cause->example->details) << "</pre>\n";
    if (!cause->example->minimized.empty())
      out << fmt::format("<p>The same failure ({}) on a smaller program:</p>\n<pre>{}</pre>\n",
                         html_text(cause->example->minimized_message), html_text(cause->example->minimized));
    out << "</details>\n";
  }
  out << "</div>\n";
}

void write_clusters(const ClassRun& run, std::ostream& out) {
  std::map<std::set<std::string>, std::vector<std::string>> clusters;
  for (const StudentRecord& student : run.students)
    if (student.status == StudentStatus::Graded) {
      std::set<std::string> failed = failed_labels(student);
      if (!failed.empty()) clusters[failed].push_back(student.id);
    }
  std::vector<std::pair<std::set<std::string>, std::vector<std::string>>> shared;
  for (auto& cluster : clusters)
    if (cluster.second.size() > 1) shared.push_back(cluster);
  std::stable_sort(shared.begin(), shared.end(),
                   [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
  out << "<h2 id=\"clusters-title\">Students with identical failures</h2>\n<table id=\"clusters\">\n"
         "<tr><th>students</th><th>the tests they all fail, and only those</th></tr>\n";
  for (const auto& [failed, ids] : shared) {
    std::vector<std::string> links, tests;
    for (const std::string& id : ids) links.push_back(student_link(id));
    for (const std::string& test : failed) tests.push_back(html_text(test));
    out << fmt::format("<tr><td>{} ({})</td><td>{}</td></tr>\n", fmt::join(links, ", "), ids.size(),
                       fmt::join(tests, ", "));
  }
  if (shared.empty()) out << "<tr><td colspan=\"2\">No two students fail the same set of tests.</td></tr>\n";
  out << "</table>\n";
}

void write_students(const ClassRun& run, const std::vector<MutantKills>& mutants, double max, std::ostream& out) {
  out << "<h2 id=\"students-title\">Students</h2>\n<table id=\"students\">\n<tr><th>student</th><th>status</th><th>score</th>"
         "<th>%</th><th>failed</th>";
  if (!mutants.empty()) out << "<th>resembles the catalogued bug</th>";
  out << "<th>reason</th></tr>\n";
  for (const StudentRecord& student : run.students) {
    double score = score_of(student);
    std::set<std::string> failed = failed_names(student);
    out << fmt::format("<tr><td>{} (<a href=\"{}\">json</a>)</td><td{}>{}</td><td class=\"num\">{:g}/{:g}</td>"
                       "<td class=\"num\">{:.0f}</td><td class=\"num\">{}</td>",
                       student_link(student.id), html_text(url_path("students/" + student.id + ".json")),
                       student.status == StudentStatus::Graded ? "" : " class=\"zero\"", status_name(student.status),
                       score, max, max > 0 ? 100 * score / max : 0, failed.size());
    if (!mutants.empty()) {
      auto closest = closest_mutant(failed, mutants);
      out << "<td>"
          << (closest ? fmt::format("{} (similarity {:.2f}): {}", html_text(closest->mutant->name), closest->similarity,
                                    html_text(closest->mutant->description))
                      : std::string(failed.empty() ? "" : "none"))
          << "</td>";
    }
    out << "<td>" << html_text(student.reason) << "</td></tr>\n";
  }
  out << "</table>\n";
}

}  // namespace

void write_class_report(const ClassRun& run, const std::vector<MutantKills>& mutants, std::ostream& out,
                        std::string_view similarity_section) {
  double max = 0;
  for (const TestResult& test : run.tests) max += test.max_points;
  // Score statistics describe the compilers that ran: students not graded (missing, not
  // executable, never started) are counted apart, in the line that names them, not as zeros.
  std::vector<double> percents;
  std::map<std::string, int> not_graded;
  for (const StudentRecord& student : run.students) {
    if (student.status == StudentStatus::Graded) percents.push_back(max > 0 ? 100 * score_of(student) / max : 0);
    else ++not_graded[std::string(status_name(student.status))];
  }
  std::vector<double> sorted = percents;
  std::sort(sorted.begin(), sorted.end());
  double median = sorted.empty() ? 0 : sorted[sorted.size() / 2];
  std::vector<std::string> not_graded_parts;
  int not_graded_total = 0;
  for (const auto& [status, count] : not_graded) {
    not_graded_parts.push_back(fmt::format("{} {}", count, status));
    not_graded_total += count;
  }
  auto plural = [](size_t n, std::string_view word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); };

  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         // No fetches at all: the page is one file, whatever a student's bytes try to load.
         "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
         "img-src data:\">\n"
      << fmt::format("<title>Week {} class report</title>\n<style>{}</style>\n</head>\n<body>\n", run.week, kStyle)
      << fmt::format("<h1>Week {}: {}</h1>\n", run.week, plural(run.students.size(), "student"))
      << (run.incomplete.empty()
              ? std::string()
              : fmt::format("<p id=\"incomplete\" class=\"zero\"><b>Incomplete</b>: {}; {} not graded. Run the same "
                            "<code>grade class</code> again to grade them (the others are reused).</p>\n",
                            html_text(run.incomplete), plural(static_cast<size_t>(not_graded["not-graded"]), "student")))
      << fmt::format("<p>{}{}Seed {}, {}, {:g} points.</p>\n",
                     run.graded_at.empty() ? "" : "Graded " + html_text(run.graded_at) + ". ",
                     run.suites_folder.empty() ? "" : "Tests from " + html_text(run.suites_folder) + ". ", run.seed,
                     plural(run.tests.size(), "test"), max)
      << fmt::format("<p>Median {:.0f}% over the {} graded. {}</p>\n", median, plural(percents.size(), "student"),
                     not_graded_total == 0
                         ? std::string("Every student was graded.")
                         : fmt::format("Not graded (score 0, counted apart from the statistics): {}.",
                                       fmt::join(not_graded_parts, ", ")))
      << "<ul id=\"contents\"><li><a href=\"#students-title\">Students</a></li>"
      << (similarity_section.empty() ? "" : "<li><a href=\"#similarity-title\">Similar submissions</a></li>")
      << "<li><a href=\"#causes-title\">Failures by cause</a></li><li><a href=\"#scores-title\">Scores</a></li>"
         "<li><a href=\"#pass-rates-title\">Pass rate per test</a></li>"
         "<li><a href=\"#clusters-title\">Students with identical failures</a></li></ul>\n";
  // What an instructor opens the report for comes first: the students, then the causes.
  write_students(run, mutants, max, out);
  out << similarity_section;
  write_failure_groups(run, out);
  out << "<h2 id=\"scores-title\">Scores of the graded students</h2>\n" << svg_histogram(percents) << "\n";
  write_pass_rates(run, out);
  write_work_section_html(run, out);
  write_clusters(run, out);
  out << "</body>\n</html>\n";
}

}  // namespace uirgrade
