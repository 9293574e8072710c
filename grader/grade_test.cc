// The engine with a fake CommandRunner returning canned ProcessResults: each verdict of
// grader/result.h from what the student's process did, the order they are decided in, what the
// student's process is given, and the thread pool's stable order. The oracle runs for real; the
// expected outputs below are worked out by hand from the spec.
#include "grader/grade.h"
#include "grader/student_run.h"

#include <sys/stat.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <thread>

#include <gtest/gtest.h>

#include "sandbox/stop_signal.h"
#include "testcase/case_testing.h"

namespace uirgrade {
namespace {

class FakeRunner : public CommandRunner {
 public:
  explicit FakeRunner(std::function<ProcessResult(const ProcessRequest&)> respond) : respond_(std::move(respond)) {}
  ProcessResult run(const ProcessRequest& request) override {
    {
      std::lock_guard lock(mutex_);
      requests.push_back(request);
    }
    return respond_(request);
  }
  std::vector<ProcessRequest> requests;

 private:
  std::function<ProcessResult(const ProcessRequest&)> respond_;
  std::mutex mutex_;
};

ProcessResult exited(int code, std::string out, std::string err = "") {
  ProcessResult result;
  result.started = result.exited = true;
  result.exit_code = code;
  result.out = std::move(out);
  result.err = std::move(err);
  result.wall_seconds = 0.01;
  return result;
}

using test_case_fixture::kSquares;  // squares 0..3 into slot 0: the oracle prints kSquaresOut
using test_case_fixture::kSquaresOut;
// The same program as a test file: its leading comments hold the answer (spec §7: never handed over).
const std::string kHeaders = "# expect 0: 0 1 4 9\n# worked by hand: 0*0 1*1 2*2 3*3\n";
const std::string kHeadedSquares = kHeaders + kSquares;
const std::string kHandedSquares = "\n\n" + std::string(kSquares);

// Two failing asserts: the one first in the file (line 4) is the one reported (spec §3).
const char* kAsserts =
    "%a = const 1\n"
    "%ok = cmpeq %a 1\n"
    "%bad = cmpeq %a 2\n"
    "assert %bad\n"
    "assert %ok\n"
    "assert %bad\n";

// E-UNDEFINED at line 2.
const char* kInvalid = "%a = const 1\n%b = add %nope %a\n";

TestCase make_test(std::string name, const std::string& source, Mode mode = Mode::Run) {
  return test_case_fixture::week3_test_on_zeros(std::move(name), source, mode, 2);
}

GradeConfig make_config() {
  GradeConfig config;
  config.student = "./student-uirc";
  config.student_path = "/abs/student-uirc";
  config.week = 3;
  config.seed = 7;
  config.jobs = 1;
  return config;
}

TestResult grade_with(const TestCase& test, FakeRunner& runner, GradeConfig config = make_config()) {
  CCompiler compiler(runner, 1024);
  return grade_test(test, config, runner, compiler);
}

TestResult grade_run_with(const char* source, ProcessResult canned) {
  FakeRunner runner([&](const ProcessRequest&) { return canned; });
  return grade_with(make_test("week3/t", source), runner);
}

TEST(GraderEngine, PassEarnsThePoints) {
  FakeRunner runner([](const ProcessRequest&) { return exited(0, kSquaresOut); });
  TestResult result = grade_with(make_test("week3/squares", kSquares), runner);
  EXPECT_EQ(result.verdict, Verdict::Pass) << result.message << "\n" << result.details;
  EXPECT_EQ(result.points, 2);
  EXPECT_EQ(result.max_points, 2);
  EXPECT_TRUE(result.reproduce.empty());
}

TEST(GraderEngine, WhatTheStudentIsGiven) {
  FakeRunner runner([](const ProcessRequest&) { return exited(0, kSquaresOut); });
  grade_with(make_test("week3/squares", kHeadedSquares), runner);
  ASSERT_EQ(runner.requests.size(), 1u);
  const ProcessRequest& request = runner.requests[0];
  EXPECT_EQ(request.argv, (std::vector<std::string>{"/abs/student-uirc", "run", "prog.uir"}));
  EXPECT_EQ(request.stdin_data, "0: 0 0 0 0\n");
  ASSERT_EQ(request.files.size(), 1u);
  EXPECT_EQ(request.files[0].first, "prog.uir");
  // Spec §7: the program with its leading comments blanked, line for line.
  EXPECT_EQ(request.files[0].second, kHandedSquares);
  // The oracle's answer is nowhere in what the student's process gets.
  EXPECT_EQ(request.stdin_data.find("0 1 4 9"), std::string::npos);
  EXPECT_EQ(request.files[0].second.find("0 1 4 9"), std::string::npos);
  // Spec §7: the stdout cap is sized from the buffers, never below the week's.
  EXPECT_GE(request.limits.stdout_cap_bytes, ProcessLimits{}.stdout_cap_bytes);
}

TEST(GraderEngine, WrongBufferShowsTheDifferenceAndHowToReproduce) {
  TestResult result = grade_run_with(kSquares, exited(0, "0: 0 1 4 10\n"));
  EXPECT_EQ(result.verdict, Verdict::WrongBuffer);
  EXPECT_NE(result.message.find("slot 0: 1 of 4 values differ; first at [3]: expected 9, got 10"), std::string::npos)
      << result.message;
  EXPECT_NE(result.context.find("feed slot 0"), std::string::npos) << result.context;
  EXPECT_EQ(result.points, 0);
  EXPECT_NE(result.reproduce.find("grade --week 3 ./student-uirc --only week3/t --seed 7"), std::string::npos)
      << result.reproduce;
  // The handed-in path (./student-uirc, made absolute), not the copy the grader ran (/abs/...).
  std::string handed_in = std::filesystem::current_path().string() + "/student-uirc";
  EXPECT_NE(result.reproduce.find(handed_in + " run prog.uir < data.txt"), std::string::npos) << result.reproduce;
  EXPECT_EQ(result.reproduce.find("/abs/student-uirc"), std::string::npos) << result.reproduce;
}

TEST(GraderEngine, MalformedOutput) {
  TestResult result = grade_run_with(kSquares, exited(0, "0: 0 1 4\n"));
  EXPECT_EQ(result.verdict, Verdict::MalformedOutput);
  EXPECT_NE(result.message.find("line 1"), std::string::npos) << result.message;
}

TEST(GraderEngine, WrongExit) {
  TestResult result = grade_run_with(kSquares, exited(2, "", "prog.uir:3: error: E-TYPE: no\n"));
  EXPECT_EQ(result.verdict, Verdict::WrongExit);
  EXPECT_NE(result.message.find("exit 2"), std::string::npos);
  EXPECT_NE(result.message.find("E-TYPE"), std::string::npos) << result.message;
  EXPECT_NE(result.message.find("exit 0"), std::string::npos);
}

TEST(GraderEngine, ProcessVerdictsInTheirOrder) {
  ProcessResult timed_out = exited(0, kSquaresOut);
  timed_out.exited = false;
  timed_out.timed_out = true;
  timed_out.signal = 9;
  EXPECT_EQ(grade_run_with(kSquares, timed_out).verdict, Verdict::Timeout);

  ProcessResult too_much = timed_out;  // output limit is decided before the time-out
  too_much.stdout_truncated = true;
  EXPECT_EQ(grade_run_with(kSquares, too_much).verdict, Verdict::OutputLimit);

  ProcessResult cpu = exited(0, "");
  cpu.cpu_limit = true;
  EXPECT_EQ(grade_run_with(kSquares, cpu).verdict, Verdict::Timeout);

  ProcessResult memory = exited(0, "");
  memory.exited = false;
  memory.signal = 11;
  memory.probably_memory = true;  // memory is decided before the crash
  TestResult memory_result = grade_run_with(kSquares, memory);
  EXPECT_EQ(memory_result.verdict, Verdict::MemoryLimit);
  EXPECT_NE(memory_result.message.find("probably"), std::string::npos);

  ProcessResult segv = exited(0, kSquaresOut);
  segv.exited = false;
  segv.signal = 11;
  TestResult crash = grade_run_with(kSquares, segv);
  EXPECT_EQ(crash.verdict, Verdict::Crash);
  EXPECT_NE(crash.message.find("SIGSEGV"), std::string::npos) << crash.message;

  TestResult exit3 = grade_run_with(kSquares, exited(3, kSquaresOut));
  EXPECT_EQ(exit3.verdict, Verdict::Crash);
  EXPECT_NE(exit3.message.find("status 3"), std::string::npos) << exit3.message;
}

TEST(GraderEngine, InternalErrorIsRetriedOnce) {
  int calls = 0;
  FakeRunner runner([&](const ProcessRequest&) {
    ProcessResult result;
    if (++calls == 1) {
      result.internal_error = "fork failed";
      return result;
    }
    return exited(0, kSquaresOut);
  });
  EXPECT_EQ(grade_with(make_test("week3/squares", kSquares), runner).verdict, Verdict::Pass);
  EXPECT_EQ(calls, 2);

  FakeRunner broken([](const ProcessRequest&) {
    ProcessResult result;
    result.internal_error = "fork failed";
    return result;
  });
  TestResult result = grade_with(make_test("week3/squares", kSquares), broken);
  EXPECT_EQ(result.verdict, Verdict::InternalError);
  EXPECT_NE(result.message.find("not your fault"), std::string::npos);
  EXPECT_EQ(broken.requests.size(), 2u);
}

TEST(GraderEngine, FailingAssertLine) {
  EXPECT_EQ(grade_run_with(kAsserts, exited(1, "", "prog.uir:4: assert failed\n")).verdict, Verdict::Pass);
  TestResult wrong_line = grade_run_with(kAsserts, exited(1, "", "prog.uir:6: assert failed\n"));
  EXPECT_EQ(wrong_line.verdict, Verdict::WrongBuffer);
  EXPECT_NE(wrong_line.message.find("line 4, not 6"), std::string::npos) << wrong_line.message;
  EXPECT_EQ(grade_run_with(kAsserts, exited(1, "", "assertion failed somewhere\n")).verdict, Verdict::WrongBuffer);
  EXPECT_EQ(grade_run_with(kAsserts, exited(0, "")).verdict, Verdict::WrongExit);
}

TEST(GraderEngine, InvalidProgramRuleDecidesOnlyWhenTheTestNamesIt) {
  TestResult other_rule = grade_run_with(kInvalid, exited(2, "", "prog.uir:2: error: E-TYPE: nope\n"));
  EXPECT_EQ(other_rule.verdict, Verdict::Pass);
  EXPECT_NE(other_rule.message.find("the oracle reports E-UNDEFINED at line 2"), std::string::npos)
      << other_rule.message;

  TestCase asks = make_test("week3/undefined", kInvalid);
  asks.expect_error_rule = "E-UNDEFINED";
  FakeRunner wrong([](const ProcessRequest&) { return exited(2, "", "prog.uir:2: error: E-TYPE: nope\n"); });
  EXPECT_EQ(grade_with(asks, wrong).verdict, Verdict::WrongExit);
  FakeRunner right([](const ProcessRequest&) { return exited(2, "", "prog.uir:2: error: E-UNDEFINED: x\n"); });
  TestResult pass = grade_with(asks, right);
  EXPECT_EQ(pass.verdict, Verdict::Pass);
  EXPECT_TRUE(pass.message.empty()) << pass.message;

  EXPECT_EQ(grade_run_with(kInvalid, exited(0, "")).verdict, Verdict::WrongExit);
}

// A fake of the whole render pipeline: the student's `render`, the C compiler, the binary.
struct RenderFake {
  std::string rendered_c = "int kernel(int *data0) { for (int i = 0; i < 4; i++) data0[i] = i * i; return 0; }\n";
  ProcessResult compile = exited(0, "");
  ProcessResult binary = exited(0, kSquaresOut);
  int compiles = 0;

  ProcessResult operator()(const ProcessRequest& request) {
    if (request.argv.size() > 1 && request.argv[1] == "render") return exited(0, rendered_c);
    if (request.argv[0].ends_with("/cc")) {
      ++compiles;
      // Stands in for the runner too: what cc writes is taken where the request says.
      const std::string& out = request.take_files.at(0).second;
      bool driver_object = std::find(request.argv.begin(), request.argv.end(), "-c") != request.argv.end();
      if (driver_object) {
        std::ofstream(out) << "object";
        return exited(0, "");
      }
      // The kernel's one compile (render/c_compile.h): the executable where the compiler was told to, and
      // what -save-temps and -fcallgraph-info leave beside it (the preprocessed unit, the kernel's
      // object, made here by the real compiler for the object check, and the call graph).
      if (compile.exit_code == 0) {
        std::ofstream(out) << "#!/bin/sh\n";
        chmod(out.c_str(), 0755);
        std::ofstream(request.take_files.at(1).second) << "# 1 \"kernel.c\"\n" << rendered_c;
        const std::string object = request.take_files.at(2).second;
        std::ofstream(object + ".c") << rendered_c;
        EXPECT_EQ(std::system(("cc -std=c11 -c -o '" + object + "' '" + object + ".c'").c_str()), 0);
        std::ofstream(request.take_files.at(3).second)
            << "graph: { title: \"kernel.c\"\nnode: { title: \"kernel\" label: \"kernel\\nkernel.c:1:5\" }\n}\n";
      }
      return compile;
    }
    return binary;
  }
};

TestResult grade_render(RenderFake& fake, std::optional<int> loops = std::nullopt, int* compiles = nullptr) {
  FakeRunner runner(std::ref(fake));
  TestCase test = make_test("week3/squares", kSquares, Mode::Render);
  test.render_loops = loops;
  TestResult result = grade_with(test, runner);
  if (compiles) *compiles = fake.compiles;
  return result;
}

TEST(GraderEngine, RenderPass) {
  RenderFake fake;
  int compiles = 0;
  TestResult result = grade_render(fake, 1, &compiles);
  EXPECT_EQ(result.verdict, Verdict::Pass) << result.message << "\n" << result.details;
  EXPECT_EQ(compiles, 2);  // the driver's object, and the kernel's one compile (render/c_compile.h)
}

TEST(GraderEngine, WhatTheRenderPipelineIsGiven) {
  RenderFake fake;
  FakeRunner runner(std::ref(fake));
  TestResult result = grade_with(make_test("week3/squares", kHeadedSquares, Mode::Render), runner);
  ASSERT_EQ(result.verdict, Verdict::Pass) << result.message << "\n" << result.details;
  ASSERT_EQ(runner.requests.size(), 4u);  // render, the driver's object, the kernel's one compile, its binary
  const ProcessRequest& render = runner.requests.front();
  EXPECT_EQ(render.argv, (std::vector<std::string>{"/abs/student-uirc", "render", "prog.uir"}));
  EXPECT_EQ(render.stdin_data, "");  // spec §6.2: render gets the program, never the data
  ASSERT_EQ(render.files.size(), 1u);
  EXPECT_EQ(render.files[0].first, "prog.uir");
  EXPECT_EQ(render.files[0].second, kHandedSquares);
  // No process of the pipeline is given the answer, in a file or on stdin.
  for (const ProcessRequest& request : runner.requests) {
    EXPECT_EQ(request.stdin_data.find("0 1 4 9"), std::string::npos);
    for (const auto& [name, content] : request.files) EXPECT_EQ(content.find("0 1 4 9"), std::string::npos) << name;
  }
  // The grader's driver reads the data on stdin, as `run` does (spec §6.2).
  EXPECT_EQ(runner.requests.back().stdin_data, "0: 0 0 0 0\n");
  // The student's time is render's and the kernel's (0.01 s each in the fake), not the compiler's.
  EXPECT_DOUBLE_EQ(result.seconds, 0.02);
}

TEST(GraderEngine, RenderForbiddenConstructs) {
  RenderFake fake;
  fake.rendered_c = "int kernel(int *data0) {\n  int i = 0;\n  while (i < 4) { data0[i] = i * i; i++; }\n  return 0;\n}\n";
  TestResult result = grade_render(fake);
  EXPECT_EQ(result.verdict, Verdict::ForbiddenConstruct);
  EXPECT_NE(result.message.find("kernel.c:3: render: uses `while`"), std::string::npos) << result.message;
  EXPECT_NE(result.details.find("while (i < 4)"), std::string::npos);

  RenderFake two_loops;
  TestResult loops = grade_render(two_loops, 2);
  EXPECT_EQ(loops.verdict, Verdict::ForbiddenConstruct);
  EXPECT_NE(loops.message.find("1 `for` statements; the test asks for exactly 2"), std::string::npos)
      << loops.message;
}

TEST(GraderEngine, RenderCompileErrorAndSanitizer) {
  RenderFake bad_c;
  bad_c.compile = exited(1, "", "kernel.c:1:5: error: expected ';' before '}' token\n");
  TestResult compile_error = grade_render(bad_c);
  EXPECT_EQ(compile_error.verdict, Verdict::CompileError);
  EXPECT_NE(compile_error.message.find("kernel.c:1:5: error"), std::string::npos) << compile_error.message;

  RenderFake ub;
  ub.binary = exited(86, "", "kernel.c:1:60: runtime error: signed integer overflow: 2147483647 + 1\n");
  TestResult sanitizer = grade_render(ub);
  EXPECT_EQ(sanitizer.verdict, Verdict::SanitizerError);
  EXPECT_NE(sanitizer.details.find("signed integer overflow"), std::string::npos);

  RenderFake wrong;
  wrong.binary = exited(0, "0: 0 1 4 8\n");
  TestResult wrong_buffer = grade_render(wrong);
  EXPECT_EQ(wrong_buffer.verdict, Verdict::WrongBuffer);
  EXPECT_NE(wrong_buffer.reproduce.find("render prog.uir > kernel.c"), std::string::npos) << wrong_buffer.reproduce;
}

// Honest headlines (issue 12): what the message says is the line that explains the failure.
TEST(GraderEngine, HeadlinesSayWhatWentWrong) {
  RenderFake in_function;
  in_function.compile = exited(1, "", "kernel.c: In function 'kernel':\nkernel.c:3:7: error: 'j' undeclared\n");
  TestResult compile_error = grade_render(in_function);
  EXPECT_EQ(compile_error.verdict, Verdict::CompileError);
  EXPECT_NE(compile_error.message.find("did not compile: kernel.c:3:7: error: 'j' undeclared"), std::string::npos)
      << compile_error.message;

  RenderFake empty;
  empty.rendered_c = "";
  TestResult nothing = grade_render(empty, 1);
  EXPECT_EQ(nothing.verdict, Verdict::CompileError) << nothing.message;
  EXPECT_NE(nothing.message.find("did not compile"), std::string::npos) << nothing.message;

  RenderFake cut_short;  // the loop count of C that does not compile means nothing
  cut_short.rendered_c = "int kernel(int *data0) {\n  for (int i = 0; i < 4; i++";
  cut_short.compile = exited(1, "", "kernel.c:2:30: error: expected ')' at end of input\n");
  TestResult truncated = grade_render(cut_short, 1);
  EXPECT_EQ(truncated.verdict, Verdict::CompileError) << truncated.message;

  TestResult python = grade_run_with(
      kSquares, exited(1, "", "Traceback (most recent call last):\n  File \"uirc.py\", line 4, in <module>\n"
                              "KeyError: 'shrink'\n"));
  EXPECT_EQ(python.verdict, Verdict::WrongExit);
  EXPECT_NE(python.message.find("stderr: KeyError: 'shrink'"), std::string::npos) << python.message;

  TestResult memory_error = grade_run_with(
      kSquares, exited(1, "", "Traceback (most recent call last):\n  File \"uirc.py\", line 9\nMemoryError\n"));
  EXPECT_EQ(memory_error.verdict, Verdict::MemoryLimit) << memory_error.message;
  EXPECT_NE(memory_error.message.find("ran out of memory"), std::string::npos) << memory_error.message;

  ProcessResult bad_alloc = exited(0, "", "terminate called after throwing an instance of 'std::bad_alloc'\n");
  bad_alloc.exited = false;
  bad_alloc.signal = 6;
  EXPECT_EQ(grade_run_with(kSquares, bad_alloc).verdict, Verdict::MemoryLimit);
}

TEST(GraderEngine, RenderOfAnInvalidProgramMustExit2) {
  FakeRunner runner([](const ProcessRequest&) { return exited(0, "int kernel(void) { return 0; }\n"); });
  TestResult result = grade_with(make_test("week3/bad", kInvalid, Mode::Render), runner);
  EXPECT_EQ(result.verdict, Verdict::WrongExit);
  EXPECT_NE(result.message.find("E-UNDEFINED at line 2"), std::string::npos) << result.message;
}

// A compiler that accepts an invalid program finds no data on stdin (none is sent) and fails some
// other way: the headline names the oracle's rule too, the cause to look for first.
TEST(GraderEngine, AFailureOnAnInvalidProgramNamesTheOraclesRule) {
  ProcessResult hung = exited(0, "");
  hung.exited = false;
  hung.timed_out = true;
  for (const ProcessResult& canned : {exited(3, "", "stdin: slot 0 is missing\n"), hung}) {
    TestResult run = grade_run_with(kInvalid, canned);
    EXPECT_NE(run.verdict, Verdict::Pass);
    EXPECT_NE(run.message.find("; the oracle: exit 2 (E-UNDEFINED at line 2), an invalid program"), std::string::npos)
        << run.message;
    FakeRunner runner([&](const ProcessRequest&) { return canned; });
    TestResult render = grade_with(make_test("week3/bad", kInvalid, Mode::Render), runner);
    EXPECT_NE(render.message.find("the oracle: exit 2 (E-UNDEFINED at line 2)"), std::string::npos) << render.message;
  }
  // A valid program's failure says nothing of the kind.
  EXPECT_EQ(grade_run_with(kSquares, exited(3, "")).message.find("invalid program"), std::string::npos);
}

TEST(GraderEngine, StudentBudgetCutsLimitsAndStopsStartingTests) {
  FakeRunner runner([](const ProcessRequest&) { return exited(0, kSquaresOut); });
  GradeConfig config = make_config();
  config.limits.wall_seconds = config.limits.cpu_seconds = 10;
  config.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  EXPECT_EQ(grade_with(make_test("week3/t", kSquares), runner, config).verdict, Verdict::Pass);
  ASSERT_EQ(runner.requests.size(), 1u);
  EXPECT_LE(runner.requests[0].limits.wall_seconds, 3);
  EXPECT_GT(runner.requests[0].limits.wall_seconds, 2);
  EXPECT_LE(runner.requests[0].limits.cpu_seconds, 3);

  config.deadline = std::chrono::steady_clock::now() - std::chrono::milliseconds(1);
  TestResult late = grade_with(make_test("week3/t", kSquares), runner, config);
  EXPECT_EQ(late.verdict, Verdict::NotRun);
  EXPECT_EQ(late.points, 0);
  EXPECT_NE(late.message.find("time budget"), std::string::npos) << late.message;
  EXPECT_EQ(runner.requests.size(), 1u);  // no process for a test past the deadline
}

TEST(GraderEngine, ParallelResultsKeepTheTestOrderAndMaxFailuresStops) {
  std::vector<TestCase> tests;
  for (int k = 0; k < 24; ++k) tests.push_back(make_test("week3/t" + std::to_string(k), kSquares));
  // Odd tests fail. With 4 jobs, results still come back in test order.
  for (size_t k = 1; k < tests.size(); k += 2) tests[k].source = std::string(kSquares) + "# odd\n";
  FakeRunner odd_fails([](const ProcessRequest& request) {
    bool odd = request.files[0].second.ends_with("# odd\n");
    return exited(0, odd ? "0: 1 1 1 1\n" : kSquaresOut);
  });
  GradeConfig config = make_config();
  config.jobs = 4;
  CCompiler compiler(odd_fails, 1024);
  int finished = 0;
  GradeRun run = grade_tests(tests, config, odd_fails, compiler, [&](const TestResult&) { ++finished; });
  ASSERT_EQ(run.results.size(), tests.size());
  EXPECT_EQ(run.not_run, 0);
  EXPECT_EQ(run.stopped_by, RunStop::Finished);
  EXPECT_EQ(finished, 24);
  for (size_t k = 0; k < tests.size(); ++k) {
    EXPECT_EQ(run.results[k].name, tests[k].name);
    EXPECT_EQ(run.results[k].verdict, k % 2 ? Verdict::WrongBuffer : Verdict::Pass) << k;
  }

  config.jobs = 1;
  config.max_failures = 2;
  GradeRun stopped = grade_tests(tests, config, odd_fails, compiler, nullptr);
  // t0 pass, t1 fail, t2 pass, t3 fail, then stop: the other 20 are failed as not run, so that
  // max_points still adds up to the whole week.
  ASSERT_EQ(stopped.results.size(), 24u);
  EXPECT_EQ(stopped.not_run, 20);
  EXPECT_EQ(stopped.stopped_by, RunStop::MaxFailures);
  EXPECT_EQ(stopped.results[3].verdict, Verdict::WrongBuffer);
  EXPECT_EQ(stopped.results[4].verdict, Verdict::NotRun);
  EXPECT_EQ(stopped.results[4].max_points, tests[4].points);
  EXPECT_EQ(stopped.results[4].points, 0);
  EXPECT_NE(stopped.results[4].message.find("--max-failures"), std::string::npos) << stopped.results[4].message;
}

// --student-budget: once the budget is spent no test starts, and the rest fail as not run.
TEST(GraderEngine, StudentBudgetStopsGradingAndMarksTheRest) {
  std::vector<TestCase> tests;
  for (int k = 0; k < 10; ++k) tests.push_back(make_test("week3/t" + std::to_string(k), kSquares));
  FakeRunner slow([](const ProcessRequest&) {
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    return exited(0, kSquaresOut);
  });
  GradeConfig config = make_config();
  config.jobs = 1;
  config.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(400);
  CCompiler compiler(slow, 1024);
  GradeRun run = grade_tests(tests, config, slow, compiler, nullptr);
  ASSERT_EQ(run.results.size(), 10u);
  EXPECT_EQ(run.results[0].verdict, Verdict::Pass);
  EXPECT_EQ(run.results[9].verdict, Verdict::NotRun);
  EXPECT_NE(run.results[9].message.find("time budget"), std::string::npos) << run.results[9].message;
  EXPECT_GE(run.not_run, 5);
  EXPECT_LE(run.not_run, 8);
  EXPECT_EQ(run.stopped_by, RunStop::StudentBudget);
}

// SIGTERM (sandbox/stop_signal.h) during the third test: no test starts after it, the test in flight
// and the rest fail as not run, naming the stop; a failure during the stop is not the student's.
TEST(GraderEngine, AStopSignalStopsGradingAndMarksTheRest) {
  std::vector<TestCase> tests;
  for (int k = 0; k < 10; ++k) tests.push_back(make_test("week3/t" + std::to_string(k), kSquares));
  std::atomic<int> runs{0};
  FakeRunner stopping([&](const ProcessRequest&) {
    if (++runs == 3) {
      request_stop_for_testing(SIGTERM);
      ProcessResult killed;  // what the runner gives a run the stop killed
      killed.stopped = true;
      killed.internal_error = describe_stop();
      return killed;
    }
    return exited(0, kSquaresOut);
  });
  GradeConfig config = make_config();
  config.jobs = 1;
  CCompiler compiler(stopping, 1024);
  GradeRun run = grade_tests(tests, config, stopping, compiler, nullptr);
  clear_stop_for_testing();
  ASSERT_EQ(run.results.size(), 10u);
  EXPECT_EQ(run.results[1].verdict, Verdict::Pass);
  EXPECT_EQ(run.results[2].verdict, Verdict::NotRun) << run.results[2].message;
  EXPECT_EQ(run.results[2].message, "not run: the grader was stopped (SIGTERM)");
  EXPECT_EQ(run.results[9].verdict, Verdict::NotRun);
  EXPECT_EQ(run.not_run, 8);
  EXPECT_EQ(run.stopped_by, RunStop::Stopped);
  EXPECT_EQ(runs, 3) << "a process started after the stop";
}

// The budget reaches the runs whose limits are widened from the test's (a kernel counted under
// valgrind gets a hundred times the test's wall time): every request carries its end.
TEST(GraderEngine, EveryRunOfABudgetedStudentCarriesTheBudgetsEnd) {
  std::optional<std::chrono::steady_clock::time_point> seen;
  FakeRunner runner([&](const ProcessRequest& request) {
    seen = request.limits.not_after;
    return exited(0, kSquaresOut);
  });
  GradeConfig config = make_config();
  config.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  ASSERT_EQ(grade_with(make_test("week3/t", kSquares), runner, config).verdict, Verdict::Pass);
  ASSERT_TRUE(seen.has_value());
  EXPECT_EQ(*seen, *config.deadline);
}

TEST(GraderEngine, TimeoutOptionCapsTheSuitesOwnTimeout) {
  TestCase test = make_test("week3/t", kSquares);
  test.timeout_seconds = 20;
  GradeConfig config = make_config();
  EXPECT_EQ(limits_for_test(test, config, {}).wall_seconds, 20);
  config.timeout_seconds = 3;
  EXPECT_EQ(limits_for_test(test, config, {}).wall_seconds, 3);
  EXPECT_EQ(limits_for_test(test, config, {}).cpu_seconds, 3);
  test.timeout_seconds = 2;
  EXPECT_EQ(limits_for_test(test, config, {}).wall_seconds, 2) << "a shorter own timeout stays";
}

TEST(GraderEngine, KeepWritesAReproducibleCase) {
  std::filesystem::path keep = std::filesystem::temp_directory_path() / "uirgrade-engine-keep";
  std::filesystem::remove_all(keep);
  GradeConfig config = make_config();
  config.keep_dir = keep.string();
  FakeRunner runner([](const ProcessRequest&) { return exited(0, "0: 0 1 4 10\n"); });
  TestResult result = grade_with(make_test("week3/squares", kHeadedSquares), runner, config);
  ASSERT_EQ(result.verdict, Verdict::WrongBuffer);
  std::filesystem::path dir = keep / "week3/squares/run";
  auto read = [](const std::filesystem::path& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  EXPECT_EQ(read(dir / "prog.uir"), kHandedSquares);  // what the student was given, so it reproduces
  EXPECT_EQ(read(dir / "data.txt"), "0: 0 0 0 0\n");
  EXPECT_EQ(read(dir / "expected.txt"), kSquaresOut);
  EXPECT_EQ(read(dir / "actual.txt"), "0: 0 1 4 10\n");
  EXPECT_NE(read(dir / "reproduce.sh").find(std::filesystem::current_path().string() + "/student-uirc run prog.uir < data.txt"),
            std::string::npos);
  EXPECT_NE(read(dir / "README.txt").find("wrong"), std::string::npos);
  std::filesystem::remove_all(keep);
}

}  // namespace
}  // namespace uirgrade

namespace uirgrade {
namespace {

// Within one run, every visible test has ended before the first hidden or after-due-date test
// starts (whatever the order of the list and however many jobs), so that nothing a secret test
// leaves behind reaches a report the student sees.
TEST(GraderEngine, SecretTestsStartOnlyAfterEveryVisibleTestEnded) {
  using Clock = std::chrono::steady_clock;
  struct Span {
    bool visible;
    Clock::time_point start, end;
  };
  std::mutex mutex;
  std::vector<Span> spans;
  FakeRunner timed([&](const ProcessRequest& request) {
    Span span{request.files[0].second.ends_with("# visible\n"), Clock::now(), {}};
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    span.end = Clock::now();
    std::lock_guard lock(mutex);
    spans.push_back(span);
    return exited(0, kSquaresOut);
  });
  std::vector<TestCase> tests;
  const Visibility order[] = {Visibility::Hidden, Visibility::Visible, Visibility::AfterDueDate, Visibility::Visible};
  for (int k = 0; k < 12; ++k) {
    Visibility visibility = order[k % 4];
    bool visible = visibility == Visibility::Visible;
    tests.push_back(make_test("week3/t" + std::to_string(k), std::string(kSquares) + (visible ? "# visible\n" : "# secret\n")));
    tests.back().visibility = visibility;
  }
  GradeConfig config = make_config();
  config.jobs = 3;
  CCompiler compiler(timed, 1024);
  GradeRun run = grade_tests(tests, config, timed, compiler, nullptr);
  ASSERT_EQ(run.results.size(), tests.size());
  for (size_t k = 0; k < tests.size(); ++k) EXPECT_EQ(run.results[k].name, tests[k].name) << "results keep the list's order";
  ASSERT_EQ(spans.size(), tests.size());
  Clock::time_point last_visible_end = Clock::time_point::min(), first_secret_start = Clock::time_point::max();
  for (const Span& span : spans) {
    if (span.visible) last_visible_end = std::max(last_visible_end, span.end);
    else first_secret_start = std::min(first_secret_start, span.start);
  }
  EXPECT_LE(last_visible_end, first_secret_start) << "a secret test ran while or before a visible one did";
}

}  // namespace
}  // namespace uirgrade
