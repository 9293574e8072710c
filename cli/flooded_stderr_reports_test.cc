// End to end: a student whose stderr is one 1 MiB line full of escapes and a right-to-left override
// (grader/testdata/students/stderr_flood_line.c) leaves every report format small and free of those
// characters, while with the test-only UncappedDisplayForTests the same reports grow (by megabytes before the
// excerpt itself was cut to 1000 bytes a line, issue 39).
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>
#include "cli/grade_command.h"
#include "grader/feedback/display_text.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {
/// Grades a few week-3 tests (run and render) of the flooding student; the size of each report format.
std::map<std::string, uintmax_t> report_sizes(const std::filesystem::path& dir) {
  Options options;
  options.week = 3;
  options.student = UIRGRADE_BINARY_DIR "/students/student_stderr_flood_line";
  options.suites_dir = UIRGRADE_SOURCE_DIR "/suites";
  options.only = {"week3/a*"};
  options.jobs = 2;
  const std::map<std::string, Format> formats = {
      {"text", Format::Text}, {"json", Format::Json}, {"junit", Format::Junit}, {"gradescope", Format::Gradescope}};
  for (const auto& [name, format] : formats) options.outputs.push_back({format, (dir / name).string()});
  std::ostringstream out, err;
  EXPECT_EQ(run_grade(options, nullptr, out, err), kSomeFailed) << err.str().substr(0, 2000);
  std::map<std::string, uintmax_t> sizes;
  for (const auto& [name, format] : formats) {
    sizes[name] = std::filesystem::file_size(dir / name);
    std::ifstream in(dir / name, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), {});
    EXPECT_EQ(text.find("\xe2\x80\xae"), std::string::npos) << name;  // never the override itself
    EXPECT_EQ(text.find('\x1b'), std::string::npos) << name;
    EXPECT_NE(text.find("\\u202e"), std::string::npos) << name;       // but its spelling
  }
  return sizes;
}

TEST(FloodedStderrReports, AMegabyteStderrLineLeavesEveryReportSmall) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "uirgrade-shown-result";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::map<std::string, uintmax_t> uncapped;
  {
    UncappedDisplayForTests weakened;
    uncapped = report_sizes(dir);
  }
  std::map<std::string, uintmax_t> capped = report_sizes(dir);
  for (const auto& [name, size] : capped) {
    std::printf("%s report: %ju bytes capped, %ju uncapped\n", name.c_str(), size, uncapped[name]);
    // The attack against the weakened display: the reports grow. Not by megabytes any more: the
    // stderr excerpt is cut to 1000 bytes a line where it is taken (testcase/compare.h, first_lines,
    // issue 39), before any display; the display's own cap is what this test weakens.
    EXPECT_GT(uncapped[name], size + 1000) << name;
    EXPECT_LT(size, 200u << 10) << name;          // bounded: a few KiB per test
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace uirgrade
