// Hidden tests' content never reaches what a student sees in Gradescope's results.json. A hidden
// test with a marker in its data (7777001), its program (9999003), its expectation (17776009) and a
// comment (6666004) is added to a copy of the suites and failed by a student that guesses; then every
// string of the results.json, in every field, is searched. The markers are in the hidden test's own
// entry (instructors see it, so the search can find them) and nowhere else.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include "reports/json_reader.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

const char* kMarkers[] = {"7777001", "9999003", "17776009", "6666004", "planted_secret"};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Every string (keys and values) under `value`, joined.
void collect_strings(const JsonValue& value, std::string& out) {
  out += value.text + "\n";
  for (const JsonValue& item : value.items) collect_strings(item, out);
  for (const auto& [key, member] : value.members) {
    out += key + "\n";
    collect_strings(member, out);
  }
}

TEST(HiddenContent, APlantedHiddenTestLeavesNoTraceInWhatStudentsSee) {
  const fs::path dir = fs::temp_directory_path() / "uirgrade-hidden-content";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy(UIRGRADE_SOURCE_DIR "/suites", dir / "suites", fs::copy_options::recursive);
  fs::copy_file(UIRGRADE_SOURCE_DIR "/grader/testdata/hidden_marker/planted_secret.uir",
                dir / "suites/week3/planted_secret.uir");
  std::ofstream(dir / "suites/week3/suite.yaml", std::ios::app) << "  planted_secret: {visibility: hidden}\n";
  const fs::path results = dir / "results.json";
  std::string command = std::string(UIRGRADE_BINARY_DIR "/grade --week 3 ") + UIRGRADE_SOURCE_DIR +
                        "/grader/testdata/hostile/guesser.sh --suites " + (dir / "suites").string() +
                        " --only 'week3/planted_secret' --only 'week3/acc*' --format gradescope --output " +
                        results.string() + " > " + (dir / "log").string() + " 2>&1";
  int status = std::system(command.c_str());
  ASSERT_EQ(WEXITSTATUS(status), 1) << read_file(dir / "log");

  auto parsed = parse_json(read_file(results));
  ASSERT_TRUE(std::holds_alternative<JsonValue>(parsed));
  const JsonValue& doc = std::get<JsonValue>(parsed);
  std::string hidden, shown;
  for (const auto& [key, member] : doc.members) {
    if (key == "extra_data") continue;  // stored for instructors, never shown
    if (key != "tests") {
      shown += key + "\n";
      collect_strings(member, shown);
      continue;
    }
    for (const JsonValue& test : member.items) {
      const JsonValue* visibility = test.find("visibility");
      collect_strings(test, visibility && visibility->text == "hidden" ? hidden : shown);
    }
  }
  // The hidden test failed and its entry carries the expected value: the plant works, and a leak of
  // that entry into a shown field would be found.
  EXPECT_NE(hidden.find("17776009"), std::string::npos) << hidden;
  EXPECT_NE(hidden.find("planted_secret"), std::string::npos) << hidden;
  for (const char* marker : kMarkers) EXPECT_EQ(shown.find(marker), std::string::npos) << marker << " in\n" << shown;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace uirgrade
