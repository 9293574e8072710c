// Reading callgrind's dumps: a hand-made dump whose numbers are worked out by hand, the ways a dump
// can be misread (a call's inclusive cost counted as the line's own, a relative position misapplied),
// and a real dump of a C program whose lines run a known number of times (valgrind on PATH).
#include "grader/work/callgrind_profile.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

// kernel.c: line 5 has two instructions run 9 times each, line 6 one run 8 times and one run once
// that calls a function of another file (cost 100 inclusive); `inc` in lib.c costs 100 in all.
constexpr const char* kDump =
    "# callgrind format\n"
    "version: 1\n"
    "positions: instr line\n"
    "events: Ir\n"
    "summary: 134\n"
    "\n"
    "ob=(1) /tmp/k\n"
    "fl=(1) /tmp/src/kernel.c\n"
    "fn=(1) kernel\n"
    "0x1000 5 9\n"
    "+4 * 9\n"
    "+3 +1 8\n"
    "+2 * 1\n"
    "cfi=(2) /tmp/src/lib.c\n"
    "cfn=(2) inc\n"
    "calls=1 0x2000 30\n"
    "* * 100\n"
    "-9 -1 7\n"  // back to 0x1000 line 5: a third visit of that instruction adds to its count
    "\n"
    "fl=(2)\n"
    "fn=(2)\n"
    "0x2000 30 60\n"
    "+1 +1 40\n";

TEST(GraderCallgrindProfile, CountsEachLineByItsMostRunInstruction) {
  std::string error;
  std::optional<CallgrindProfile> profile = parse_callgrind_profile(kDump, "kernel.c", &error);
  ASSERT_TRUE(profile) << error;
  EXPECT_EQ(profile->instructions, 134u);  // 9+9+8+1+7 in kernel.c, 60+40 in lib.c
  // Line 5: 0x1000 ran 9 + 7 times, 0x1004 9 times; line 6: 0x1007 8 times, the call 1 time.
  EXPECT_EQ(profile->runs_by_line, (std::map<int, uint64_t>{{5, 16}, {6, 8}}));
  // Lines of another file are not kernel.c's, whatever their line numbers.
  std::optional<CallgrindProfile> lib = parse_callgrind_profile(kDump, "lib.c", &error);
  ASSERT_TRUE(lib) << error;
  EXPECT_EQ(lib->runs_by_line, (std::map<int, uint64_t>{{30, 60}, {31, 40}}));
}

TEST(GraderCallgrindProfile, AMisreadDumpIsAnErrorNotAFigure) {
  std::string error;
  // The summary no longer matches the lines' own costs: the parse refuses to give a count.
  std::string wrong = kDump;
  wrong.replace(wrong.find("summary: 134"), 12, "summary: 234");
  EXPECT_FALSE(parse_callgrind_profile(wrong, "kernel.c", &error));
  EXPECT_NE(error.find("234"), std::string::npos) << error;
  // A dump cut before its summary, one of another event, and garbage.
  EXPECT_FALSE(parse_callgrind_profile("# callgrind format\npositions: instr line\nevents: Ir\n0x1 1 1\n", "kernel.c", &error));
  EXPECT_NE(error.find("summary"), std::string::npos) << error;
  EXPECT_FALSE(parse_callgrind_profile("positions: line\nevents: Dr\nsummary: 1\n1 1\n", "kernel.c", &error));
  EXPECT_FALSE(parse_callgrind_profile("positions: instr line\nevents: Ir\n0x1 x 1\nsummary: 1\n", "kernel.c", &error));
  EXPECT_NE(error.find("line 3"), std::string::npos) << error;
}

bool have_valgrind() { return access("/usr/bin/valgrind", X_OK) == 0 && access("/usr/bin/cc", X_OK) == 0; }

TEST(GraderCallgrindProfile, ARealDumpCountsLoopTrips) {
  if (!have_valgrind()) GTEST_SKIP() << "valgrind or cc missing (scripts/install-deps.sh installs them)";
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("uirgrade-callgrind-" + std::to_string(getpid()));
  fs::create_directories(dir);
  // Line 4 runs 8 times (outer body), line 6 runs 8*4 = 32 times: what the loops say, by hand.
  std::ofstream(dir / "kernel.c") << "#include <stdint.h>\n"
                                     "int32_t kernel(int32_t *d) {\n"
                                     "  for (int32_t i = 0; i < 8; i++) {\n"
                                     "    int32_t i3 = i * 3;\n"
                                     "    for (int32_t j = 0; j < 4; j++)\n"
                                     "      d[i * 4 + j] = i3 + j;\n"
                                     "  }\n"
                                     "  return 0;\n"
                                     "}\n";
  std::ofstream(dir / "main.c") << "#include <stdint.h>\nint32_t kernel(int32_t *d);\n"
                                   "int main(void) { static int32_t d[32]; return kernel(d); }\n";
  std::string build = "cd " + dir.string() + " && cc -std=c11 -O0 -g kernel.c main.c -o k && valgrind -q "
                      "--tool=callgrind --toggle-collect=kernel --dump-instr=yes --callgrind-out-file=dump ./k";
  ASSERT_EQ(std::system(build.c_str()), 0);
  std::ifstream in(dir / "dump");
  std::string dump((std::istreambuf_iterator<char>(in)), {});
  fs::remove_all(dir);
  std::string error;
  std::optional<CallgrindProfile> profile = parse_callgrind_profile(dump, "kernel.c", &error);
  ASSERT_TRUE(profile) << error;
  EXPECT_EQ(profile->runs_by_line.at(4), 8u);
  EXPECT_EQ(profile->runs_by_line.at(6), 32u);
  EXPECT_EQ(profile->runs_by_line.at(3), 9u);   // the outer condition: 8 true, 1 false
  EXPECT_EQ(profile->runs_by_line.at(5), 40u);  // the inner one: 8 * (4 + 1)
  EXPECT_GT(profile->instructions, 32u * 5);
}

}  // namespace
}  // namespace uirgrade
