// The student's side of a test. A render test is a pipeline of three processes (the student's
// render, the grader's C compile, the compiled kernel); the first that fails decides the verdict.
#include "grader/student_run.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <limits>

#include <fmt/format.h>

#include "grader/render/call_graph.h"
#include "grader/render/kernel_object_check.h"
#include "testcase/compare.h"
#include "grader/feedback/headline.h"
#include "grader/render/kernel_lockdown_verdict.h"
#include "grader/render/kernel_text.h"
#include "grader/render/render_check.h"
#include "grader/startup_check.h"
#include "testcase/student_program.h"
#include "grader/verdict.h"
#include "grader/work/work_measure.h"

namespace uirgrade {
namespace {


std::string student_command_name(const GradeConfig& config, std::string_view command) {
  std::string base = config.student.substr(config.student.find_last_of('/') + 1);
  return fmt::format("{} {} {}", base, command, kProgramFile);
}

/// Runs the student's `command` (run or render) on the test's program, in a fresh directory.
ProcessResult run_student(std::string_view command, const TestCase& test, const std::string& stdin_data,
                          const ProcessLimits& limits, const GradeConfig& config, CommandRunner& runner) {
  ProcessRequest request;
  request.argv = {config.student_path, std::string(command), kProgramFile};
  request.stdin_data = stdin_data;
  request.files = {{kProgramFile, handed_program(test, config)}};
  request.limits = limits;
  request.reuse_sandbox = true;  // every test's run sees the same paths: the submission
  // The submission: the directory holding the executable, unless the grader made a copy of it.
  request.read_only_paths = {config.submission_dir.empty()
                                 ? std::filesystem::path(config.student_path).parent_path().string()
                                 : config.submission_dir};
  request.extra_group = config.submission_group;
  return runner.run(request);
}

/// Adds a process's time to the outcome; its output becomes what --keep writes as the actual output.
void record_process(const ProcessResult& result, Outcome& outcome) {
  outcome.seconds += result.wall_seconds;
  outcome.actual_out = result.out;
  outcome.actual_err = result.err;
}

/// A student whose executable cannot start fails every test the same way; the process layer's
/// "cannot start: No such file or directory" would read as our fault. Its own mistake (a `#!/bin/sh\r`
/// line, no `#!` line, a missing interpreter) is named instead, with the fix.
void name_a_startup_mistake(const GradeConfig& config, const ProcessResult& result, std::optional<Judgement>& failure) {
  if (!failure || (result.started && !result.out.empty())) return;
  if (std::optional<std::string> problem = student_startup_problem(config.student_path))
    failure = judged(Verdict::Crash, std::string(kCouldNotStart) + *problem, "");
}

/// A student that accepts an invalid program usually fails some other way next (it finds no data
/// on stdin and exits 3, crashes, hangs): the headline also says that the oracle rejects the
/// program, which is the cause to look for first.
void name_the_invalid_program(const Expected& expected, std::optional<Judgement>& failure) {
  if (failure && expected.exit_code == 2 && failure->verdict != Verdict::InternalError)
    failure->message += fmt::format("; the oracle: {}, an invalid program", expected.describe());
}

/// A failure of the student's process itself (not of its answer) keeps what the process said, so
/// that a compiler failing alike on every test is told so once (reports/report_digest.h).
void note_what_it_said(const ProcessResult& result, Outcome& outcome) {
  if (!outcome.failure) return;
  switch (outcome.failure->verdict) {
    case Verdict::WrongExit:
    case Verdict::MalformedOutput:
    case Verdict::Crash:
    case Verdict::Timeout:
    case Verdict::MemoryLimit: outcome.student_said = own_words(result.err, result.out); break;
    default: break;
  }
}

Outcome grade_run_test(const TestCase& test, const Expected& expected, const ProcessLimits& limits,
                       const GradeConfig& config, CommandRunner& runner) {
  ProcessResult result = run_student("run", test, expected.input_text, limits, config, runner);
  Outcome outcome;
  record_process(result, outcome);
  std::string what = student_command_name(config, "run");
  outcome.failure = judge_process(result, limits, what, {0, 1, 2}, false);
  name_the_invalid_program(expected, outcome.failure);
  if (!outcome.failure) outcome.failure = compare_outcome(test, expected, result, what, &outcome.note);
  name_a_startup_mistake(config, result, outcome.failure);
  note_what_it_said(result, outcome);
  return outcome;
}

Judgement forbidden_judgement(const ForbiddenConstruct& forbidden) {
  return judged(Verdict::ForbiddenConstruct,
                fmt::format("kernel.c:{}: render: {} (spec §6.2)", forbidden.line, forbidden.what),
                fmt::format("{:>5} | {}\n", forbidden.line, forbidden.source_line));
}

/// The week's compile limits, cut to the student's time budget (--student-budget stops a compile
/// in flight as it stops any of the student's commands).
CompileLimits compile_limits_for(const GradeConfig& config) {
  CompileLimits limits = config.compile_limits;
  if (config.deadline) {
    double left = std::chrono::duration<double>(*config.deadline - std::chrono::steady_clock::now()).count();
    limits.seconds = std::max(0.01, std::min(limits.seconds, left));
  }
  return limits;
}

/// The grader's own work on a render's C (the checks before and after the compile) is the
/// student's: together bounded like one of their commands, by the test's time limit, and by what
/// is left of --student-budget; asked after each check. Each check is linear in the C, which is at
/// most 1 MiB (spec §6.2), so none runs far past the limit.
class CheckTimer {
 public:
  CheckTimer(const ProcessLimits& limits, const GradeConfig& config)
      : limit_seconds_(limits.wall_seconds), budget_deadline_(config.deadline) {}

  /// Runs `check`, adding its time to what the checks have spent.
  template <typename Check>
  auto timed(Check&& check) {
    const auto start = std::chrono::steady_clock::now();
    auto result = check();
    spent_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  }

  /// A time-out when the checks have spent the test's limit or the budget has run out.
  std::optional<Judgement> over() const {
    const bool budget_spent = budget_deadline_ && std::chrono::steady_clock::now() >= *budget_deadline_;
    if (spent_seconds_ < limit_seconds_ && !budget_spent) return std::nullopt;
    return judged(Verdict::Timeout,
                  fmt::format("the grader's checks of the rendered C took {:.3g} s, more than the test's {:g} s "
                              "(the checks count as your time: spec §6.2)",
                              spent_seconds_, limit_seconds_),
                  "");
  }

 private:
  double limit_seconds_;
  std::optional<std::chrono::steady_clock::time_point> budget_deadline_;
  double spent_seconds_ = 0;
};

/// Whether the render process alone decides the test: it failed as a process, printed more than a
/// kernel may be, or it or the oracle rejected the program. Then `outcome` holds the verdict.
bool render_decides(const TestCase& test, const Expected& expected, const ProcessResult& rendered,
                    const ProcessLimits& render_limits, const GradeConfig& config, const std::string& what,
                    Outcome& outcome) {
  if (rendered.started && rendered.stdout_truncated) {
    outcome.failure = forbidden_judgement(kernel_too_large(rendered.out));
    return true;
  }
  if ((outcome.failure = judge_process(rendered, render_limits, what, {0, 2}, false))) {
    name_the_invalid_program(expected, outcome.failure);
    name_a_startup_mistake(config, rendered, outcome.failure);
    note_what_it_said(rendered, outcome);
    return true;
  }
  if (expected.exit_code == 2 || rendered.exit_code == 2) {
    if (rendered.exit_code != 2 || expected.exit_code != 2)
      outcome.failure = judged(
          Verdict::WrongExit, fmt::format("{}: {}; the oracle: {}", what, describe_exit(rendered),
                                          expected.exit_code == 2 ? expected.describe() : "a valid program (exit 0)"),
          "");
    else
      outcome.failure = judge_invalid_program(test, expected, rendered.err, &outcome.note);
    note_what_it_said(rendered, outcome);
    return true;
  }
  return false;
}

/// The checks of the rendered C's text, before it is compiled.
std::optional<Judgement> check_rendered_text(const std::string& rendered_c, const std::string& what,
                                             const GradeConfig& config, CheckTimer& check_timer) {
  if (rendered_c.find_first_not_of(" \t\r\n") == std::string::npos)
    return judged(Verdict::CompileError, fmt::format("{} printed no C: the rendered C did not compile", what), "");
  if (auto forbidden = config.weakened.no_pure_kernel_checks
                           ? std::nullopt
                           : check_timer.timed([&] { return find_forbidden_construct(rendered_c); }))
    return forbidden_judgement(*forbidden);
  return check_timer.over();
}

/// The verdict when the compile did not give a binary.
std::optional<Judgement> judge_compile(const CompileOutcome& compiled) {
  if (compiled.status == CompileOutcome::Status::CompileLimit)
    return judged(Verdict::CompileError, "the rendered C did not compile within the week's limits: " + compiled.message,
                  "");
  if (compiled.status == CompileOutcome::Status::InternalError)
    return judged(Verdict::InternalError, "internal error (not your fault): " + compiled.message, "");
  if (compiled.status == CompileOutcome::Status::CompileError)
    return judged(Verdict::CompileError, "the rendered C did not compile: " + compiler_error_headline(compiled.message),
                  first_lines(compiled.message, 12));
  return std::nullopt;
}

/// The checks of what the compiler compiled and of the object it made.
std::optional<Judgement> check_compiled(const TestCase& test, const CompileOutcome& compiled,
                                        const std::string& rendered_c, const GradeConfig& config,
                                        CheckTimer& check_timer) {
  // The same rules on what the compiler compiled: no macro or function pointer gets past.
  auto forbidden = config.weakened.text_only_render_rules || config.weakened.no_pure_kernel_checks
                       ? std::nullopt
                       : check_timer.timed([&] {
                           return find_forbidden_in_compiled(compiled.preprocessed, compiled.call_graph, rendered_c);
                         });
  if (forbidden) return forbidden_judgement(*forbidden);
  if (std::optional<Judgement> over = check_timer.over()) return over;
  // The object that is linked: what no check of the text saw (render/kernel_object_check.h).
  if (auto impure = config.weakened.no_pure_kernel_checks
                        ? std::nullopt
                        : find_impure_object(compiled.kernel_object, compiled.driver_references))
    return judged(Verdict::ForbiddenConstruct, fmt::format("kernel.c: render: {} (spec §6.2)", *impure), "");
  if (test.render_loops) {
    // Counted on what was compiled: a loop written through a macro is a loop each time it is used.
    int loops = config.weakened.text_only_render_rules ? count_for_loops(rendered_c)
                                                       : count_for_loops_in_preprocessed(compiled.preprocessed);
    if (loops != *test.render_loops)
      return judged(
          Verdict::ForbiddenConstruct,
          fmt::format("the rendered C compiles {} `for` statements; the test asks for exactly {} (only live "
                      "loops are rendered)",
                      loops, *test.render_loops),
          "");
  }
  return std::nullopt;
}

/// Runs the compiled kernel on the test's input and judges it, then counts its work when the test
/// asks for that.
void run_kernel(const TestCase& test, const Expected& expected, const ProcessLimits& limits,
                const GradeConfig& config, CommandRunner& runner, CCompiler& compiler, CompileOutcome& compiled,
                Outcome& outcome) {
  drop_products(compiled);  // checked: not held through the runs below
  ProcessRequest binary = kernel_run_request(compiled, compiler);
  binary.stdin_data = expected.input_text;
  binary.limits = limits;
  // Sanitized binaries reserve terabytes of address space (no student process has an address-space
  // limit, sandbox/process.h); their memory is bounded by the sanitizer's hard_rss_limit_mb
  // (render/c_compile.h), and with what they start (system()) by the whole run's memory limit.
  ProcessResult ran = runner.run(binary);
  record_process(ran, outcome);
  const std::string what = "the rendered kernel";
  outcome.failure = judge_kernel_lockdown(ran, what);
  if (!outcome.failure) outcome.failure = judge_process(ran, limits, what, {0, 1}, true);
  if (!outcome.failure) outcome.failure = compare_outcome(test, expected, ran, what, &outcome.note);
  if (!outcome.failure && test.render_work) {
    // Counted with the driver that does not lock the kernel down: valgrind's own system calls would
    // be refused. The same C has just passed the checks and the locked-down run; the counted run
    // must pass again, or the test fails (work/work_measure.h).
    MeasuredWork measured = measure_work(test, expected, outcome.rendered_c,
                                         uir::render_driver(expected.specs, kProgramFile, false), limits,
                                         compile_limits_for(config), compiler.work_counter(),
                                         !config.weakened.counted_run_not_compared);
    if (measured.failure)
      outcome.failure = std::move(measured.failure);
    else
      outcome.work = std::move(measured.work);
  }
}

Outcome grade_render_test(const TestCase& test, const Expected& expected, const ProcessLimits& limits,
                          const GradeConfig& config, CommandRunner& runner, CCompiler& compiler) {
  ProcessLimits render_limits = limits;
  // The kernel's size limit (spec §6.2) is the capture's cap: nothing past it is kept or read.
  render_limits.stdout_cap_bytes = kMaxKernelBytes;
  ProcessResult rendered = run_student("render", test, "", render_limits, config, runner);

  Outcome outcome;
  record_process(rendered, outcome);
  const std::string what = student_command_name(config, "render");
  if (render_decides(test, expected, rendered, render_limits, config, what, outcome)) return outcome;

  outcome.rendered_c = rendered.out;
  CheckTimer check_timer(limits, config);
  if ((outcome.failure = check_rendered_text(outcome.rendered_c, what, config, check_timer))) return outcome;
  outcome.driver_c = uir::render_driver(expected.specs, kProgramFile, !config.weakened.no_kernel_lockdown);
  CompileOutcome compiled = compiler.compile(outcome.rendered_c, outcome.driver_c, compile_limits_for(config));
  outcome.compile_seconds = compiled.seconds;
  if ((outcome.failure = judge_compile(compiled))) return outcome;
  if ((outcome.failure = check_compiled(test, compiled, outcome.rendered_c, config, check_timer))) return outcome;
  run_kernel(test, expected, limits, config, runner, compiler, compiled, outcome);
  return outcome;
}

}  // namespace

std::string handed_program(const TestCase& test, const GradeConfig& config) {
  return config.weakened.hand_over_whole_file ? test.source : student_program(test.source);
}

ProcessLimits limits_for_test(const TestCase& test, const GradeConfig& config,
                              const std::vector<uir::SlotSpec>& specs) {
  ProcessLimits limits = config.limits;
  // --timeout caps the suite's own timeouts, so a student that hangs on everything costs at most
  // --timeout per command.
  std::optional<double> timeout = test.timeout_seconds ? test.timeout_seconds : config.timeout_seconds;
  if (test.timeout_seconds && config.timeout_seconds) timeout = std::min(*test.timeout_seconds, *config.timeout_seconds);
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

Outcome run_student_on_test(const TestCase& test, const Expected& expected, const ProcessLimits& limits,
                            const GradeConfig& config, CommandRunner& runner, CCompiler& compiler) {
  return test.mode == Mode::Run ? grade_run_test(test, expected, limits, config, runner)
                                : grade_render_test(test, expected, limits, config, runner, compiler);
}

}  // namespace uirgrade
