#include <gtest/gtest.h>

#include <string_view>
#include <utility>

#include "reports/shown_result.h"

#include "reports/json_reader.h"
#include "reports/report_testing.h"

namespace uirgrade {
namespace {

using report_fixture::expect_same_result;
using report_fixture::sample_report;

std::string json_of(const Report& report) { return report_fixture::written_by(write_json, report); }

TEST(ReportJson, SeedComesFirstAndSurvivesExactly) {
  const std::string text = json_of(sample_report());
  EXPECT_EQ(text.rfind("{\n  \"seed\": \"18446744073709551557\",\n", 0), 0u) << text.substr(0, 80);
}

TEST(ReportJson, ReadsBackFieldByField) {
  Report original = sample_report();
  original.results.back().minimized_shown = false;  // not the default, so that a lost field shows
  auto read = read_json(json_of(original));
  ASSERT_TRUE(std::holds_alternative<Report>(read)) << std::get<std::string>(read);
  const Report& back = std::get<Report>(read);
  EXPECT_EQ(back.info.seed, original.info.seed);
  EXPECT_EQ(back.info.week, 3);
  EXPECT_EQ(back.info.student, original.info.student);
  EXPECT_EQ(back.info.isolation, original.info.isolation);
  EXPECT_EQ(back.info.shard_index, 0);
  EXPECT_EQ(back.info.shard_count, 0);
  EXPECT_EQ(back.info.seconds, 12.5);
  ASSERT_EQ(back.results.size(), original.results.size());
  for (size_t i = 0; i < back.results.size(); ++i) {
    TestResult expected = original.results[i];
    // The JSON report holds what every report shows: the texts escaped and bounded (shown_result.h).
    const ShownResult shown = shown_result(expected);
    expected.message = shown.message;
    expected.details = shown.details;
    expected.reproduce = shown.reproduce;
    expect_same_result(back.results[i], expected);
    // Shown text shows as itself, so a merged report (read back and written again) is unchanged.
    const ShownResult again = shown_result(back.results[i]);
    EXPECT_EQ(again.message, shown.message);
    EXPECT_EQ(again.details, shown.details);
  }
}

TEST(ReportJson, PythonReadsItAndAgreesOnTheTotals) {
  if (!report_fixture::have_python3()) GTEST_SKIP() << "python3 is not installed";
  const std::string path = report_fixture::write_temp_file(json_of(sample_report()));
  int exit_code = 0;
  const std::string out = report_fixture::run_python(
      "import json, sys\n"
      "d = json.load(open(sys.argv[1], encoding='utf-8'))\n"
      "t = d['totals']\n"
      "print(list(d)[0], len(d['tests']), t['tests'], t['passed'], t['failed'], t['points'], "
      "t['max_points'])\n",
      path, &exit_code);
  std::remove(path.c_str());
  EXPECT_EQ(exit_code, 0) << out;
  // Counted by hand from sample_report: 17 tests, 5 passes, 6 of 20 points.
  EXPECT_EQ(out, "seed 17 17 5 12 6 20\n");
}

TEST(ReportJson, RefusesReportsThatAreNotWhole) {
  const std::string text = json_of(sample_report());
  const auto error_of = [](const std::string& json) {
    auto read = read_json(json);
    return std::holds_alternative<std::string>(read) ? std::get<std::string>(read)
                                                     : std::string("(no error)");
  };
  EXPECT_NE(error_of(text.substr(0, text.size() / 2)).find("not valid JSON: line"), std::string::npos);
  EXPECT_NE(error_of("[1]").find("not an object"), std::string::npos);

  std::string bad_verdict = text;
  bad_verdict.replace(bad_verdict.find("\"verdict\": \"crash\""), 18, "\"verdict\": \"boom\"");
  EXPECT_EQ(error_of(bad_verdict), "tests[7] (week3/crash): unknown verdict \"boom\"");

  std::string missing_field = text;
  missing_field.replace(missing_field.find("\"time\""), 6, "\"tyme\"");
  EXPECT_NE(error_of(missing_field).find("missing field \"time\""), std::string::npos);

  std::string wrong_totals = text;
  wrong_totals.replace(wrong_totals.find("\"passed\": 5"), 11, "\"passed\": 6");
  EXPECT_NE(error_of(wrong_totals).find("totals (17 tests, 6 passed"), std::string::npos);

  std::string bad_seed = text;
  bad_seed.replace(bad_seed.find("18446744073709551557"), 20, "18446744073709551616");  // 2^64
  EXPECT_NE(error_of(bad_seed).find("is not a 64-bit unsigned integer"), std::string::npos);
}

TEST(ReportJson, ReadsAReportWrittenWithTheOldKeys) {
  // Older reports name the minimised program's fields "shrunk", "shrunk_message", "shrunk_shown".
  Report report;
  report.results.push_back(report_fixture::make_result("fuzz/7", Verdict::WrongBuffer, 0, 1));
  report.results.back().suite = "fuzz";
  report.results.back().minimized = "%a = const 1\n";
  report.results.back().minimized_message = "wrong buffer: slot 0";
  report.results.back().minimized_shown = false;
  std::string text = json_of(report);
  for (const auto& [key, old_key] : {std::pair{"\"minimized\":", "\"shrunk\":"},
                                     std::pair{"\"minimized_message\":", "\"shrunk_message\":"},
                                     std::pair{"\"minimized_shown\":", "\"shrunk_shown\":"}}) {
    const size_t at = text.find(key);
    ASSERT_NE(at, std::string::npos) << key << " in\n" << text;
    text.replace(at, std::string_view(key).size(), old_key);
  }
  ASSERT_EQ(text.find("minimized"), std::string::npos) << text;
  auto read = read_json(text);
  ASSERT_TRUE(std::holds_alternative<Report>(read)) << std::get<std::string>(read);
  const TestResult& back = std::get<Report>(read).results.at(0);
  EXPECT_EQ(back.minimized, "%a = const 1\n");
  EXPECT_EQ(back.minimized_message, "wrong buffer: slot 0");
  EXPECT_FALSE(back.minimized_shown);
}

TEST(ReportJson, OneNameMayBeTwoTestsButOneTestAppearsOnce) {
  Report report;
  report.results.push_back(report_fixture::make_result("week1/add", Verdict::Pass, 1, 1));
  report.results.push_back(report.results[0]);
  report.results[1].mode = Mode::Render;  // run and render of one file: two tests
  auto read = read_json(json_of(report));
  ASSERT_TRUE(std::holds_alternative<Report>(read)) << std::get<std::string>(read);
  EXPECT_EQ(std::get<Report>(read).results.size(), 2u);

  report.results.push_back(report.results[1]);  // render twice: one test listed twice
  read = read_json(json_of(report));
  ASSERT_TRUE(std::holds_alternative<std::string>(read));
  EXPECT_EQ(std::get<std::string>(read), "test week1/add [render] appears twice");
}

}  // namespace
}  // namespace uirgrade
