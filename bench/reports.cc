// Reports benchmark: a run of 20 000 tests (a large sharded fuzz run), half of them failing with
// 2 KiB of details full of odd bytes (escapes, NUL, invalid UTF-8), written in every format, read
// back, and merged from 4 shards. Prints each step's time (best of 3) and throughput, to show that
// the reports stay linear and far below the time of grading itself.
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>

#include "reports/report.h"

namespace {

using uirgrade::Report;
using uirgrade::TestResult;
using uirgrade::Verdict;

Report big_report(int tests) {
  std::string details;
  while (details.size() < 2048)
    details += "slot 1[17]: expected 3.25 got \x1b[31m3.5\x1b[0m \xff\xfe <&> \"q\"\n";
  details += std::string(1, '\0');
  Report report;
  report.info.seed = 12345;
  report.info.week = 3;
  report.info.student = "./student-uirc";
  for (int i = 0; i < tests; ++i) {
    TestResult result;
    result.name = fmt::format("fuzz/{:06}", i);
    result.suite = "fuzz";
    result.week = 3;
    result.max_points = 1;
    result.seconds = 0.01;
    if (i % 2) {
      result.verdict = Verdict::WrongBuffer;
      result.message = "slot 1 differs at index 17";
      result.details = details;
      result.reproduce = "grade --week 3 --seed 12345 --only " + result.name + " ./student-uirc";
    } else {
      result.points = 1;
    }
    report.results.push_back(std::move(result));
  }
  return report;
}

template <typename F>
double best_of_3_seconds(F&& step) {
  double best = 1e9;
  for (int i = 0; i < 3; ++i) {
    const auto start = std::chrono::steady_clock::now();
    step();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

void print_row(const char* what, double seconds, size_t bytes) {
  std::printf("%-22s %8.1f ms  %7.1f MB  %7.1f MB/s\n", what, seconds * 1e3, bytes / 1e6,
              bytes / 1e6 / seconds);
}

}  // namespace

int main() {
  const int tests = 20000;
  const Report report = big_report(tests);
  std::printf("%d tests, %d failing with 2 KiB details each\n", tests, tests / 2);

  using Writer = void (*)(const Report&, std::ostream&);
  const std::pair<const char*, Writer> writers[] = {{"write_json", uirgrade::write_json},
                                                    {"write_junit", uirgrade::write_junit},
                                                    {"write_gradescope", uirgrade::write_gradescope},
                                                    {"write_text", uirgrade::write_text}};
  std::string json;
  for (const auto& entry : writers) {
    // Named, not a structured binding: the lambda below uses `writer`, and clang 14 cannot capture one.
    const char* name = entry.first;
    Writer writer = entry.second;
    std::string text;
    const double seconds = best_of_3_seconds([&] {
      std::ostringstream out;
      writer(report, out);
      text = out.str();
    });
    print_row(name, seconds, text.size());
    if (writer == uirgrade::write_json) json = text;
  }

  print_row("read_json", best_of_3_seconds([&] { (void)uirgrade::read_json(json); }), json.size());

  std::vector<Report> shards(4);
  for (int k = 0; k < 4; ++k) {
    shards[k].info = report.info;
    shards[k].info.shard_index = k + 1;
    shards[k].info.shard_count = 4;
  }
  for (int i = 0; i < tests; ++i) shards[i % 4].results.push_back(report.results[i]);
  print_row("merge_reports (4)", best_of_3_seconds([&] { (void)uirgrade::merge_reports(shards); }),
            json.size());
  return 0;
}
