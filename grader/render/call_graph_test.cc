// gcc's call graph read and checked (a graph as gcc 12 writes it, and small graphs by hand); then,
// end to end with the real compiler and sandbox, the hostile renders of grader/testdata/hostile/
// renders: each computes the right answer with a forbidden construct hidden behind a macro, token
// pasting, a function pointer or a library callback. The test-only text-only grader passes those the
// text cannot show; the real one refuses every one with a verdict that names the trick. And
// `# render: loops=N` counted on what is compiled, so that an honest render's macro loops count.
#include "grader/render/call_graph.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <optional>

#include <gtest/gtest.h>
#include "grader/grade.h"
#include "uirgrade_paths.h"
#include "testcase/case_testing.h"

namespace uirgrade {
namespace {

// What gcc 12 wrote for a file with an indirect call (helper), mutual recursion (even, odd) and a
// kernel calling both.
const char* kGcc12Graph =
    "graph: { title: \"k.c\"\n"
    "node: { title: \"k.c:helper\" label: \"helper\\nk.c:4:16\" }\n"
    "node: { title: \"__indirect_call\" label: \"Indirect Call Placeholder\" shape : ellipse }\n"
    "edge: { sourcename: \"k.c:helper\" targetname: \"__indirect_call\" label: \"k.c:4:69\" }\n"
    "node: { title: \"k.c:even\" label: \"even\\nk.c:6:16\" }\n"
    "edge: { sourcename: \"k.c:even\" targetname: \"k.c:odd\" label: \"k.c:6:54\" }\n"
    "node: { title: \"k.c:odd\" label: \"odd\\nk.c:7:16\" }\n"
    "edge: { sourcename: \"k.c:odd\" targetname: \"k.c:even\" label: \"k.c:7:53\" }\n"
    "node: { title: \"kernel\" label: \"kernel\\nk.c:8:9\" }\n"
    "edge: { sourcename: \"kernel\" targetname: \"k.c:even\" label: \"k.c:10:36\" }\n"
    "edge: { sourcename: \"kernel\" targetname: \"k.c:helper\" label: \"k.c:11:10\" }\n"
    "}\n";

TEST(CallGraph, ParsesGccsFunctionsAndCalls) {
  CallGraph graph = parse_call_graph(kGcc12Graph);
  ASSERT_EQ(graph.functions.size(), 4u);  // the indirect-call placeholder is not a function
  EXPECT_EQ(graph.functions[0].id, "k.c:helper");
  EXPECT_EQ(graph.functions[0].name, "helper");
  EXPECT_EQ(graph.functions[0].line, 4);
  EXPECT_EQ(graph.functions[3].name, "kernel");
  ASSERT_EQ(graph.calls.size(), 5u);
  EXPECT_EQ(graph.calls[0].to, "__indirect_call");
  EXPECT_EQ(graph.calls[0].line, 4);
  EXPECT_EQ(graph.calls[4].from, "kernel");
  EXPECT_EQ(graph.calls[4].line, 11);
}

TEST(CallGraph, TheFirstForbiddenCallByLine) {
  std::optional<ForbiddenConstruct> found = find_forbidden_call(parse_call_graph(kGcc12Graph), "");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->line, 4);
  EXPECT_EQ(found->what, "an indirect call (through a function pointer) in helper");
}

CallGraph graph_of(std::vector<std::pair<std::string, std::string>> calls) {
  CallGraph graph;
  std::set<std::string> names;
  int line = 1;
  for (const auto& [from, to] : calls) {
    names.insert(from);
    graph.calls.push_back({from, to, line++});
  }
  for (const std::string& name : names) graph.functions.push_back({name, name, 0});
  return graph;
}

TEST(CallGraph, CyclesOfAnyLengthAreRecursionAndTreesAreNot) {
  EXPECT_FALSE(find_forbidden_call(graph_of({{"kernel", "a"}, {"kernel", "b"}, {"a", "b"}, {"b", "expf"}}), ""));
  auto direct = find_forbidden_call(graph_of({{"kernel", "a"}, {"a", "a"}}), "");
  ASSERT_TRUE(direct);
  EXPECT_EQ(direct->what, "recursion (a -> a)");
  auto three = find_forbidden_call(graph_of({{"kernel", "a"}, {"a", "b"}, {"b", "c"}, {"c", "a"}}), "1\n2\n3\n4\n");
  ASSERT_TRUE(three);
  EXPECT_NE(three->what.find("a -> b -> c -> a"), std::string::npos) << three->what;
  EXPECT_EQ(three->line, 2);  // the earliest call on the cycle (a -> b), its caller first in the chain
  EXPECT_EQ(three->source_line, "2");
  auto through_main = find_forbidden_call(graph_of({{"kernel", "main"}}), "");
  ASSERT_TRUE(through_main);
  EXPECT_NE(through_main->what.find("main"), std::string::npos);
}

TEST(CallGraph, ADeepChainIsNoProblem) {
  std::vector<std::pair<std::string, std::string>> chain;
  for (int k = 0; k < 20000; ++k) chain.emplace_back("f" + std::to_string(k), "f" + std::to_string(k + 1));
  EXPECT_FALSE(find_forbidden_call(graph_of(chain), ""));
}

// ---- End to end: hostile renders against the real compiler ----

using test_case_fixture::kSquares;

/// A student whose `render` prints `kernel_file`: a script and the C in a fresh directory.
std::filesystem::path student_rendering(const std::filesystem::path& kernel_file, const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  // Readable by the borrowed uid, whatever the umask (a root grader's runner sets 077).
  chmod(dir.parent_path().c_str(), 0755);
  chmod(dir.c_str(), 0755);
  std::filesystem::copy_file(kernel_file, dir / "kernel.c", std::filesystem::copy_options::overwrite_existing);
  chmod((dir / "kernel.c").c_str(), 0644);
  std::ofstream(dir / "student-uirc") << "#!/bin/sh\n[ \"$1\" = render ] && exec cat \"$(dirname \"$0\")/kernel.c\"\nexit 3\n";
  chmod((dir / "student-uirc").c_str(), 0755);
  return dir / "student-uirc";
}

TestResult grade_render(const std::filesystem::path& student, bool weakened, std::optional<int> loops = std::nullopt) {
  TestCase test = test_case_fixture::week3_test_on_zeros("week3/squares", kSquares, Mode::Render);
  test.render_loops = loops;
  GradeConfig config;
  config.student = config.student_path = student.string();
  config.week = 3;
  config.weakened.text_only_render_rules = weakened;
  std::string error;
  std::unique_ptr<CommandRunner> runner = make_process_runner(Sandbox::Auto, &error);
  EXPECT_TRUE(runner) << error;
  CCompiler compiler(*runner, config.limits.memory_bytes >> 20);
  return grade_test(test, config, *runner, compiler);
}

struct Trick {
  const char* file;
  bool text_check_misses;  // the text-only grader passes it (it computes the right squares)
  const char* verdict_says;
};

TEST(HostileRenders, EveryTrickIsRefusedWithAVerdictThatNamesIt) {
  const Trick tricks[] = {
      // Since the pure-kernel rules (spec §6.2) no macro of the student's exists: each trick is
      // refused on the text, at the directive or word that starts it.
      {"while_by_token_pasting.c", false, "`#define`"},
      {"do_while_by_token_pasting.c", false, "`#define`"},
      {"goto_by_macro.c", false, "`#define`"},
      {"recursion_by_function_pointer.c", false, "function pointer"},
      {"mutual_recursion_by_token_pasting.c", false, "`#define`"},
      {"recursion_through_qsort.c", false, "file-scope object"},
      {"defined_keyword.c", false, "`#define`"},
      {"line_marker_spoof.c", false, "`#"},
      {"include_dev_zero.c", false, "includes something other than a header by name"},
  };
  const std::filesystem::path renders = UIRGRADE_SOURCE_DIR "/grader/testdata/hostile/renders";
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "uirgrade-hostile-renders";
  for (const Trick& trick : tricks) {
    SCOPED_TRACE(trick.file);
    std::filesystem::path student = student_rendering(renders / trick.file, dir / trick.file);
    if (trick.text_check_misses) {
      TestResult weakened = grade_render(student, true);  // the attack works on the text-only grader
      EXPECT_EQ(weakened.verdict, Verdict::Pass) << weakened.message << "\n" << weakened.details;
    }
    TestResult real = grade_render(student, false);
    EXPECT_EQ(real.verdict, Verdict::ForbiddenConstruct) << real.message << "\n" << real.details;
    EXPECT_NE(real.message.find(trick.verdict_says), std::string::npos) << real.message;
  }
  std::filesystem::remove_all(dir);
}

TEST(HostileRenders, TheOraclesOwnRenderPasses) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "uirgrade-honest-render";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "prog.uir") << kSquares;
  std::string command = std::string(UIRGRADE_BINARY_DIR "/uir-oracle render ") + (dir / "prog.uir").string() + " > " +
                        (dir / "kernel.c.src").string();
  ASSERT_EQ(std::system(command.c_str()), 0);
  TestResult result = grade_render(student_rendering(dir / "kernel.c.src", dir / "student"), false);
  EXPECT_EQ(result.verdict, Verdict::Pass) << result.message << "\n" << result.details;
  std::filesystem::remove_all(dir);
}

TEST(RenderLoopCount, LoopsWrittenThroughAMacroAreRefusedBeforeAnyCount) {
  // Two loops through one macro, four `for` in the text: since spec §6.2 allows no #define, the
  // text the student wrote is the text compiled, and the macro itself is the violation.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "uirgrade-render-loops";
  std::filesystem::path student =
      student_rendering(UIRGRADE_SOURCE_DIR "/grader/testdata/renders/squares_loops_by_macro.c", dir / "student");
  TestResult compiled = grade_render(student, false, 2);
  EXPECT_EQ(compiled.verdict, Verdict::ForbiddenConstruct) << compiled.message;
  EXPECT_NE(compiled.message.find("`#define`"), std::string::npos) << compiled.message;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace uirgrade
