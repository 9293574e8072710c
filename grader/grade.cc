// The engine. Each test is graded in three steps:
//   1. the oracle's outcome (compile, input data, run) in-process: it is never written anywhere the
//      student's process could read it;
//   2. the student's command(s) under the runner: `run` with the data on stdin, or `render`, the
//      render checks, a compile with the grader's driver and a run of that binary;
//   3. the verdict: first what the process did (judge.h, the order of the subprocess notes), then
//      the compared outcome (exit code, malformed output, buffers, the failing assert's line).
// Tests run on a small pool of threads that take the next test from a shared counter; each result
// lands at its test's index, so the order of results never depends on timing.
#include "grader/grade.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <limits>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "grader/compare.h"
#include "grader/fuzz_shrink.h"
#include "grader/judge.h"
#include "grader/keep.h"
#include "grader/render_check.h"
#include "grader/student_program.h"
#include "grader/suite.h"
#include "oracle/oracle.h"

namespace uirgrade {
namespace {

constexpr const char* kProgramFile = "prog.uir";  // the name the student's command sees
constexpr uint64_t kRenderStdoutCap = 16ull << 20;
constexpr int kAttempts = 2;  // an internal error (spawn failed) is retried once

/// The oracle's side of one test.
struct Expected {
  uir::Compiled compiled;
  std::vector<uir::SlotSpec> specs;  // valid programs only
  std::string input_text;            // the student's stdin
  uir::RunResult run;                // valid programs only
  int exit_code = 0;

  std::string rule() const { return compiled.error ? std::string(uir::rule_info(compiled.error->rule).id) : ""; }
  std::string describe() const {
    if (exit_code == 2) return fmt::format("exit 2 ({} at line {})", rule(), compiled.error->line);
    if (exit_code == 1) return fmt::format("exit 1 (the assert at line {} fails)", run.failed_assert_line);
    return "exit 0";
  }
};

std::variant<Expected, std::string> compute_expected(const TestCase& test, uint64_t seed) {
  Expected expected;
  expected.compiled = uir::compile(kProgramFile, test.source);
  if (expected.compiled.error) {
    expected.exit_code = 2;
    return expected;
  }
  expected.specs = uir::slot_specs(expected.compiled.program);
  auto inputs = make_input_data(test, expected.specs, seed);
  if (auto* error = std::get_if<SuiteError>(&inputs)) return format_suite_error(*error);
  const auto& data = std::get<std::vector<uir::SlotData>>(inputs);
  expected.input_text = uir::format_slot_data(data);
  expected.run = uir::run(expected.compiled, data);
  expected.exit_code = expected.run.exit_code;
  return expected;
}

/// What the student's command(s) produced: the verdict, and what --keep writes.
struct Outcome {
  std::optional<Judgement> failure;  // nullopt: pass
  std::string note;                  // feedback on a pass (the student's error line for exit 2)
  double seconds = 0;
  std::string actual_out, actual_err;
  std::string rendered_c, driver_c;
};

std::string describe_exit(const ProcessResult& result) {
  std::string text = fmt::format("exit {}", result.exit_code);
  std::string err = first_line(result.err, 160);
  return err.empty() ? text : fmt::format("{} (stderr: {})", text, err);
}

// Exit 2 on both sides: the rule decides only when the test names one (`# error:`); otherwise
// the student's rule and line are feedback (spec §6.3, docs/decisions/grader.md).
std::optional<Judgement> judge_invalid_program(const TestCase& test, const Expected& expected,
                                               std::string_view err, std::string* note) {
  std::optional<ReportedError> reported = error_from_stderr(err);
  std::string yours = reported ? fmt::format("you report {} at line {}", reported->rule, reported->line)
                               : fmt::format("your stderr has no `{}:LINE: error: RULE: ...` line", kProgramFile);
  std::string feedback = fmt::format("{}; the oracle reports {} at line {}", yours, expected.rule(),
                                     expected.compiled.error->line);
  if (test.expect_error_rule && (!reported || reported->rule != expected.rule()))
    return Judgement{Verdict::WrongExit, fmt::format("exit 2 as expected, but the wrong rule: {}", feedback),
                     uir::format_error(expected.compiled.program, *expected.compiled.error) + "\n"};
  if (!reported || reported->rule != expected.rule() || reported->line != expected.compiled.error->line)
    *note = feedback;
  return std::nullopt;
}

// Spec §6.3 once the process exited 0, 1 or 2: exit code, then output, then buffers, then the line
// of the failing assert.
std::optional<Judgement> compare_outcome(const TestCase& test, const Expected& expected,
                                         const ProcessResult& result, std::string_view what, std::string* note) {
  if (result.exit_code != expected.exit_code)
    return Judgement{Verdict::WrongExit,
                     fmt::format("{}: {}; the oracle: {}", what, describe_exit(result), expected.describe()),
                     result.err.empty() ? "" : "stderr:\n" + first_lines(result.err, 10)};
  if (expected.exit_code == 2) return judge_invalid_program(test, expected, result.err, note);

  auto parsed = parse_student_output(result.out, expected.specs);
  if (auto* difference = std::get_if<Difference>(&parsed))
    return Judgement{Verdict::MalformedOutput, fmt::format("{}: malformed output: {}", what, difference->message),
                     difference->details};
  const auto& got = std::get<std::vector<uir::SlotData>>(parsed);
  if (auto difference = compare_buffers(expected.run.buffers, got, test.check_slots, test.tolerance))
    return Judgement{Verdict::WrongBuffer, fmt::format("{}: wrong buffer: {}", what, difference->message),
                     difference->details};
  if (expected.exit_code == 1) {
    std::optional<int> line = assert_line_from_stderr(result.err);
    if (line != expected.run.failed_assert_line)
      return Judgement{
          Verdict::WrongBuffer,
          line ? fmt::format("{}: the failing assert that comes first in the file is at line {}, not {}", what,
                             expected.run.failed_assert_line, *line)
               : fmt::format("{}: exit 1, but the first stderr line is not `{}:{}: assert failed`", what,
                             kProgramFile, expected.run.failed_assert_line),
          "stderr:\n" + first_lines(result.err, 5)};
  }
  return std::nullopt;
}

std::string student_command_name(const GradeConfig& config, std::string_view command) {
  std::string base = config.student.substr(config.student.find_last_of('/') + 1);
  return fmt::format("{} {} {}", base, command, kProgramFile);
}

/// The prog.uir the student is given: the program without its leading comments (spec §7).
std::string handed_program(const TestCase& test, const GradeConfig& config) {
  return config.weakened_hand_over_whole_file ? test.source : student_program(test.source);
}

/// Runs the student's `command` (run or render) on the test's program, in a fresh directory.
ProcessResult run_student(std::string_view command, const TestCase& test, const std::string& stdin_data,
                          const ProcessLimits& limits, const GradeConfig& config, CommandRunner& runner) {
  ProcessRequest request;
  request.argv = {config.student_path, std::string(command), kProgramFile};
  request.stdin_data = stdin_data;
  request.files = {{kProgramFile, handed_program(test, config)}};
  request.limits = limits;
  request.sandbox = config.sandbox;
  return runner.run(request);
}

/// Adds a process's time to the outcome; its output becomes what --keep writes as the actual output.
void record_process(const ProcessResult& result, Outcome& outcome) {
  outcome.seconds += result.wall_seconds;
  outcome.actual_out = result.out;
  outcome.actual_err = result.err;
}

Outcome grade_run_test(const TestCase& test, const Expected& expected, const ProcessLimits& limits,
                       const GradeConfig& config, CommandRunner& runner) {
  ProcessResult result = run_student("run", test, expected.input_text, limits, config, runner);
  Outcome outcome;
  record_process(result, outcome);
  std::string what = student_command_name(config, "run");
  outcome.failure = judge_process(result, limits, what, {0, 1, 2}, false);
  if (!outcome.failure) outcome.failure = compare_outcome(test, expected, result, what, &outcome.note);
  return outcome;
}

Outcome grade_render_test(const TestCase& test, const Expected& expected, const ProcessLimits& limits,
                          const GradeConfig& config, CommandRunner& runner, CCompiler& compiler) {
  ProcessLimits render_limits = limits;
  render_limits.stdout_cap_bytes = kRenderStdoutCap;
  ProcessResult rendered = run_student("render", test, "", render_limits, config, runner);

  Outcome outcome;
  record_process(rendered, outcome);
  std::string what = student_command_name(config, "render");
  if ((outcome.failure = judge_process(rendered, render_limits, what, {0, 2}, false))) return outcome;
  if (expected.exit_code == 2 || rendered.exit_code == 2) {
    if (rendered.exit_code != 2 || expected.exit_code != 2)
      outcome.failure = Judgement{
          Verdict::WrongExit, fmt::format("{}: {}; the oracle: {}", what, describe_exit(rendered),
                                          expected.exit_code == 2 ? expected.describe() : "a valid program (exit 0)"),
          ""};
    else
      outcome.failure = judge_invalid_program(test, expected, rendered.err, &outcome.note);
    return outcome;
  }

  outcome.rendered_c = rendered.out;
  if (auto forbidden = find_forbidden_construct(rendered.out)) {
    outcome.failure = Judgement{Verdict::ForbiddenConstruct,
                                fmt::format("the rendered C uses {} at line {} (only `for` loops are allowed)",
                                            forbidden->what, forbidden->line),
                                fmt::format("{:>5} | {}\n", forbidden->line, forbidden->source_line)};
    return outcome;
  }
  if (test.render_loops) {
    int loops = count_for_loops(rendered.out);
    if (loops != *test.render_loops) {
      outcome.failure = Judgement{
          Verdict::ForbiddenConstruct,
          fmt::format("the rendered C has {} `for` statements; the test asks for exactly {} (only live loops "
                      "are rendered)",
                      loops, *test.render_loops),
          ""};
      return outcome;
    }
  }

  outcome.driver_c = uir::render_driver(expected.specs, kProgramFile);
  CompileOutcome compiled = compiler.compile(outcome.rendered_c, outcome.driver_c);
  if (compiled.status == CompileOutcome::Status::InternalError) {
    outcome.failure = Judgement{Verdict::InternalError, "internal error (not your fault): " + compiled.message, ""};
    return outcome;
  }
  if (compiled.status == CompileOutcome::Status::CompileError) {
    outcome.failure = Judgement{Verdict::CompileError,
                                "the rendered C does not compile: " + first_line(compiled.message, 160),
                                first_lines(compiled.message, 12)};
    return outcome;
  }

  ProcessRequest binary;
  binary.argv = {compiled.binary_path};
  binary.stdin_data = expected.input_text;
  binary.limits = limits;
  // Sanitized binaries reserve terabytes of address space; their memory is bounded by the
  // sanitizer's hard_rss_limit_mb instead (c_compile.h).
  binary.limits.address_space_bytes = std::numeric_limits<uint64_t>::max();
  binary.sandbox = config.sandbox;
  ProcessResult ran = runner.run(binary);
  record_process(ran, outcome);
  what = "the rendered kernel";
  outcome.failure = judge_process(ran, limits, what, {0, 1}, true);
  if (!outcome.failure) outcome.failure = compare_outcome(test, expected, ran, what, &outcome.note);
  return outcome;
}

std::string shell_quote(const std::string& word) {
  bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) || std::string_view("/._-+=:,@").find(ch) != std::string_view::npos;
  });
  if (plain) return word;
  std::string quoted = "'";
  for (char ch : word) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return quoted + "'";
}

/// The name of a test's kept directory: a test graded in both modes is two TestCases of one name.
std::string kept_case_name(const TestCase& test) {
  return test.name + (test.mode == Mode::Run ? "/run" : "/render");
}

/// The direct commands of a test, run from its kept directory.
std::string direct_commands(const TestCase& test, const GradeConfig& config) {
  std::string student = shell_quote(config.student_path);
  if (test.mode == Mode::Run) return fmt::format("{} run {} < data.txt\n", student, kProgramFile);
  std::string flags;
  for (const std::string& flag : c_compile_flags()) flags += flag + " ";
  return fmt::format("{} render {} > kernel.c\ncc {}kernel.c driver.c sanitizer_defaults.c -o kernel -lm\n"
                     "./kernel < data.txt\n",
                     student, kProgramFile, flags);
}

std::string reproduce_commands(const TestCase& test, const GradeConfig& config) {
  std::string keep = config.keep_dir.empty() ? "failures" : config.keep_dir;
  std::string grade_line = fmt::format("grade --week {} {}{} --only {} --seed {}", config.week,
                                       shell_quote(config.student),
                                       config.suites_arg.empty() ? "" : " --suites " + shell_quote(config.suites_arg),
                                       shell_quote(test.name), config.seed);
  if (test.path.empty() && config.fuzz_count > 0) grade_line += fmt::format(" --fuzz {}", config.fuzz_count);
  std::string dir = shell_quote(kept_case_dir(keep, kept_case_name(test)));
  return fmt::format("{} --keep {}\ncd {} && ./reproduce.sh   # or by hand:\n{}", grade_line, shell_quote(keep),
                     dir, direct_commands(test, config));
}

void keep_case(const TestCase& test, const GradeConfig& config, const Expected& expected, const Outcome& outcome,
               TestResult& result) {
  KeptCase kept;
  kept.test_name = kept_case_name(test);
  kept.program = handed_program(test, config);  // reproduce.sh runs the student on what it was given
  kept.input_data = expected.input_text;
  kept.expected_out = expected.exit_code == 2 ? uir::error_headline(kProgramFile, *expected.compiled.error) + "\n"
                                              : uir::format_slot_data(expected.run.buffers);
  kept.actual_out = outcome.actual_out;
  kept.actual_err = outcome.actual_err;
  kept.rendered_c = outcome.rendered_c;
  // A render case's reproduce.sh compiles driver.c and sanitizer_defaults.c, so they are written even
  // when the student's C failed before the grader got to compile it.
  if (test.mode == Mode::Render && expected.exit_code != 2) {
    kept.driver_c = outcome.driver_c.empty() ? uir::render_driver(expected.specs, kProgramFile) : outcome.driver_c;
    kept.sanitizer_c = sanitizer_defaults_c(config.limits.address_space_bytes >> 20);
  }
  kept.reproduce = "#!/bin/sh\n# " + test.name + ": " + result.message + "\nset -x\n" + direct_commands(test, config);
  if (kept.reproduce.back() != '\n') kept.reproduce += '\n';
  kept.summary = fmt::format("{}: {}\n{}\nexpected: {}\n\n{}\nreproduce:\n{}", test.name, verdict_name(result.verdict),
                             result.message, expected.describe(), result.details, result.reproduce);
  if (auto error = write_kept_case(config.keep_dir, kept)) result.details += "\n(" + *error + ")\n";
}

TestResult grade_test_once(const TestCase& test, const GradeConfig& config, CommandRunner& runner,
                           CCompiler& compiler) {
  TestResult result;
  result.name = test.name;
  result.suite = test.suite;
  result.week = test.week;
  result.mode = test.mode;
  result.visibility = test.visibility;
  result.max_points = test.points;

  auto computed = compute_expected(test, config.seed);
  if (auto* error = std::get_if<std::string>(&computed)) {
    result.verdict = Verdict::InternalError;
    result.message = "the suite cannot make this test's data (not your fault): " + *error;
    return result;
  }
  const Expected& expected = std::get<Expected>(computed);
  ProcessLimits limits = limits_for_test(test, config, expected.specs);
  Outcome outcome = test.mode == Mode::Run ? grade_run_test(test, expected, limits, config, runner)
                                           : grade_render_test(test, expected, limits, config, runner, compiler);
  result.seconds = outcome.seconds;
  if (!outcome.failure) {
    result.verdict = Verdict::Pass;
    result.points = test.points;
    result.message = outcome.note;
    return result;
  }
  result.verdict = outcome.failure->verdict;
  result.message = outcome.failure->message;
  result.details = outcome.failure->details;
  result.reproduce = reproduce_commands(test, config);
  if (!config.keep_dir.empty() && result.verdict != Verdict::InternalError)
    keep_case(test, config, expected, outcome, result);
  return result;
}

// Shrinking runs the student up to a few hundred times per failure: only the first few failing
// generated programs are shrunk, and only for verdicts that are cheap to reproduce (not time-outs or
// limits, which cost a whole limit per attempt).
constexpr int kMaxShrinks = 3;

bool worth_shrinking(Verdict verdict) {
  switch (verdict) {
    case Verdict::WrongExit:
    case Verdict::WrongBuffer:
    case Verdict::MalformedOutput:
    case Verdict::Crash:
    case Verdict::CompileError:
    case Verdict::SanitizerError:
    case Verdict::ForbiddenConstruct: return true;
    case Verdict::Pass:
    case Verdict::Timeout:
    case Verdict::MemoryLimit:
    case Verdict::OutputLimit:
    case Verdict::InternalError: return false;
  }
  return false;
}

/// Shrinks the first failing generated programs against the student (issue 6) and adds the smallest
/// program that still fails the same way to the result; with --keep it is kept as its own case,
/// `<name>/shrunk/<mode>/`, with data and a reproduce.sh.
void shrink_generated_failures(const std::vector<TestCase>& tests, std::vector<std::optional<TestResult>>& results,
                               const GradeConfig& config, CommandRunner& runner, CCompiler& compiler) {
  if (!config.shrink) return;
  GradeConfig quiet = config;
  quiet.keep_dir.clear();
  int shrunk = 0;
  for (size_t k = 0; k < tests.size() && shrunk < kMaxShrinks; ++k) {
    if (!results[k] || tests[k].suite != "fuzz" || !worth_shrinking(results[k]->verdict)) continue;
    ++shrunk;
    TestResult& result = *results[k];
    auto still_fails = [&](const TestCase& candidate) {
      return grade_test_once(candidate, quiet, runner, compiler).verdict == result.verdict;
    };
    std::optional<TestCase> smallest = config.shrink(tests[k], still_fails);
    if (!smallest) continue;
    smallest->name = tests[k].name + "/shrunk";
    TestResult again = grade_test_once(*smallest, config, runner, compiler);  // keeps it with --keep
    result.details += fmt::format("\n\nShrunk: the same failure ({}) on this smaller program:\n{}",
                                  again.message, generated_program_text(*smallest));
    if (!config.keep_dir.empty()) {
      if (!result.reproduce.empty() && result.reproduce.back() != '\n') result.reproduce += '\n';
      result.reproduce += fmt::format("the shrunk program, its data and reproduce.sh: {}/",
                                      kept_case_dir(config.keep_dir, kept_case_name(*smallest)));
    }
  }
}

}  // namespace

ProcessLimits limits_for_test(const TestCase& test, const GradeConfig& config,
                              const std::vector<uir::SlotSpec>& specs) {
  ProcessLimits limits = config.limits;
  std::optional<double> timeout = test.timeout_seconds ? test.timeout_seconds : config.timeout_seconds;
  if (timeout) {
    limits.wall_seconds = *timeout;
    limits.cpu_seconds = *timeout;
  }
  // Spec §7: room for every value in a generous spelling ("%.17g" of a negative subnormal is 24
  // characters), a slot prefix per line, and slack for warnings; never below the week's cap.
  uint64_t needed = 64 << 10;
  for (const uir::SlotSpec& spec : specs) needed += 32 * static_cast<uint64_t>(spec.length) + 32;
  limits.stdout_cap_bytes = std::max(limits.stdout_cap_bytes, needed);
  return limits;
}

TestResult grade_test(const TestCase& test, const GradeConfig& config, CommandRunner& runner, CCompiler& compiler) {
  TestResult result;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    result = grade_test_once(test, config, runner, compiler);
    if (result.verdict != Verdict::InternalError) break;
  }
  return result;
}

GradeRun grade_tests(const std::vector<TestCase>& tests, const GradeConfig& config, CommandRunner& runner,
                     CCompiler& compiler, const std::function<void(const TestResult&)>& on_finished) {
  std::vector<std::optional<TestResult>> slots(tests.size());
  std::atomic<size_t> next{0};
  std::atomic<int> failures{0};
  std::mutex finished_mutex;
  auto worker = [&] {
    while (config.max_failures == 0 || failures.load() < config.max_failures) {
      size_t k = next.fetch_add(1);
      if (k >= tests.size()) return;
      TestResult result = grade_test(tests[k], config, runner, compiler);
      if (result.verdict != Verdict::Pass) failures.fetch_add(1);
      std::lock_guard lock(finished_mutex);
      slots[k] = std::move(result);
      if (on_finished) on_finished(*slots[k]);
    }
  };
  size_t threads = std::min<size_t>(static_cast<size_t>(std::max(config.jobs, 1)), tests.size());
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();  // the calling thread works too
  for (std::thread& thread : pool) thread.join();
  shrink_generated_failures(tests, slots, config, runner, compiler);

  GradeRun run;
  for (std::optional<TestResult>& slot : slots) {
    if (slot) run.results.push_back(std::move(*slot));
    else ++run.not_run;
  }
  return run;
}

}  // namespace uirgrade
