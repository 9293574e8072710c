// Issue 25: a user editing ./suites was graded against the built-in suites with nothing saying so.
#include "cli/suites_folder.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

TEST(SuitesFolder, NamesTheFolderUsedAndALocalSuitesFolderItIsNotUsing) {
  fs::path dir = fs::temp_directory_path() / ("uirgrade-suites-folder-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "built-in");
  fs::create_directories(dir / "copy" / "suites");
  std::ofstream(dir / "copy" / "suites" / "weeks.yaml") << "weeks: {}\n";
  const fs::path before = fs::current_path();
  fs::current_path(dir / "copy");

  Options options;
  options.suites_dir = (dir / "built-in").string();
  EXPECT_EQ(suites_folder_lines(options), "suites: " + (dir / "built-in").string() +
                                              " (built-in)\nnote: ./suites is not used; pass --suites ./suites to use it\n");
  options.suites_dir = "suites";
  options.suites_dir_given = true;
  EXPECT_EQ(suites_folder_lines(options), "suites: " + (dir / "copy" / "suites").string() + " (--suites)\n");

  fs::current_path(before);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace uirgrade
