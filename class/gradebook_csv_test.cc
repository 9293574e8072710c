// The gradebook parsed back, by our CSV reader and by Python's csv module (an independent reader,
// as a spreadsheet import would be): the columns, each student's numbers, and hostile ids intact.
#include "class/gradebook_csv.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "class/class_run_testing.h"
#include "base/csv.h"

namespace uirgrade {
namespace {

using Rows = std::vector<std::vector<std::string>>;

std::string gradebook_text() {
  std::ostringstream out;
  write_gradebook(class_fixture::small_class(), out);
  return out.str();
}

TEST(GraderGradebookCsv, ColumnsAndRows) {
  Rows rows = std::get<Rows>(parse_csv(gradebook_text()));
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0], (std::vector<std::string>{
                         "student", "status", "score", "max", "percent", "week 1", "week 1 max", "week 3",
                         "week 3 max", "suite week1", "suite week1 max", "suite week3", "suite week3 max", "pass",
                         "wrong-exit", "wrong-buffer", "malformed-output", "timeout", "crash", "memory-limit",
                         "output-limit", "compile-error", "sanitizer-error", "forbidden-construct", "build-failed", "internal-error",
                         "not-run", "reason", "report"}));
  // The formula-looking id is made text with a leading '; the rest of it is kept.
  EXPECT_EQ(rows[1][0], "'=cmd|' -C calc'!A0 <img src=x onerror=alert(1)>");
  EXPECT_EQ(std::vector<std::string>(rows[1].begin() + 1, rows[1].begin() + 17),
            (std::vector<std::string>{"graded", "1", "3", "33.3", "1", "1", "0", "2", "1", "1", "0", "2", "1", "0",
                                      "1", "0"}));
  EXPECT_EQ(std::vector<std::string>(rows[2].begin(), rows[2].begin() + 9),
            (std::vector<std::string>{"ann", "graded", "3", "3", "100.0", "1", "1", "2", "2"}));
  EXPECT_EQ(rows[3][0], "zed");
  EXPECT_EQ(rows[3][1], "missing");
  EXPECT_EQ(rows[3][2], "0");
  EXPECT_EQ(rows[3][3], "3");  // the class's max, though the student has no results
  EXPECT_EQ(rows[3][27], "missing: no student-uirc in subs/zed");
  EXPECT_EQ(rows[3][28], "students/zed.json");
}

TEST(GraderGradebookCsv, PythonsCsvModuleReadsTheSame) {
  if (std::system("python3 -c 'import csv' 2>/dev/null") != 0) GTEST_SKIP() << "no python3 on this machine";
  std::filesystem::path path = std::filesystem::temp_directory_path() / ("uirgrade-gradebook-" + std::to_string(getpid()) + ".csv");
  std::ofstream(path, std::ios::binary) << gradebook_text();
  std::string command = "python3 -c 'import csv,sys; rows=list(csv.reader(open(sys.argv[1], newline=\"\"))); "
                        "print(len(rows), len(set(map(len, rows))), rows[1][0], rows[1][2], rows[3][27], sep=\"|\")' " +
                        path.string();
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_TRUE(pipe);
  char buffer[512] = {};
  size_t n = fread(buffer, 1, sizeof buffer - 1, pipe);
  pclose(pipe);
  std::filesystem::remove(path);
  EXPECT_EQ(std::string(buffer, n),
            "4|1|'=cmd|' -C calc'!A0 <img src=x onerror=alert(1)>|1|missing: no student-uirc in subs/zed\n");
}

}  // namespace
}  // namespace uirgrade
