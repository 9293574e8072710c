#include "grader/feedback/reproduce.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>

#include <fmt/format.h>

#include "grader/render/c_compile.h"
#include "grader/feedback/display_text.h"
#include "grader/feedback/keep.h"
#include "grader/feedback/reproduce_script.h"

namespace uirgrade {
namespace {

/// The direct commands of a test, run from its kept directory.
std::string direct_commands(const TestCase& test, const GradeConfig& config) {
  std::string student = shell_quote(config.reproduce_student.empty() ? shown_student_path(config) : config.reproduce_student);
  if (test.mode == Mode::Run) return fmt::format("{} run {} < data.txt\n", student, kProgramFile);
  std::string flags;
  for (const std::string& flag : c_compile_flags()) flags += flag + " ";
  return fmt::format("{} render {} > kernel.c\ncc {}kernel.c driver.c sanitizer_defaults.c -o kernel -lm\n"
                     "./kernel < data.txt\n",
                     student, kProgramFile, flags);
}

}  // namespace

std::string shell_quote(const std::string& word) {
  bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) || std::string_view("/._-+=:,@").find(ch) != std::string_view::npos;
  });
  if (plain) return word;
  std::string quoted = "'";
  for (char ch : word) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return quoted + "'";
}

std::string shown_student_path(const GradeConfig& config) {
  if (config.student.empty()) return config.student_path;
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(config.student, ec);
  return ec ? config.student : absolute.lexically_normal().string();
}

std::string kept_case_name(const TestCase& test) {
  return test.name + (test.mode == Mode::Run ? "/run" : "/render");
}

/// The seed as reproduce lines spell it; a secret one (--seed random) is the placeholder SEED, which
/// the instructor fills in from the JSON report: reproduce lines reach the student.
std::string seed_argument(const GradeConfig& config) {
  return config.seed_is_secret ? "SEED" : std::to_string(config.seed);
}

std::string reproduce_commands(const TestCase& test, const GradeConfig& config) {
  std::string keep = config.keep_dir.empty() ? "failures" : config.keep_dir;
  // A minimised program (`fuzz/7/minimized`) is not a test of its own: grading its original minimises it again.
  std::string graded = test.name.ends_with(kMinimizedSuffix) ? test.name.substr(0, test.name.size() - kMinimizedSuffix.size())
                                                               : test.name;
  std::string grade_line = fmt::format("grade --week {} {}{} --only {} --seed {}", config.week,
                                       shell_quote(config.reproduce_student.empty() ? config.student
                                                                                    : config.reproduce_student),
                                       config.suites_arg.empty() ? "" : " --suites " + shell_quote(config.suites_arg),
                                       shell_quote(graded), seed_argument(config));
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
    kept.sanitizer_c = sanitizer_defaults_c(config.limits.memory_bytes >> 20);
  }
  kept.reproduce = reproduce_script(test, expected, config, test.name + ": " + result.message);
  std::string reproduce_block;  // indented, as in the text report
  std::istringstream lines(result.reproduce);
  for (std::string line; std::getline(lines, line);) reproduce_block += "  " + line + "\n";
  // The message and details quote the student's output: escaped, so that `cat README.txt` cannot
  // recolour or retitle the terminal (display_text.h).
  kept.summary = fmt::format("{}: {}\n{}\nexpected: {}\n\n{}\nreproduce (runs the student's code without the "
                             "grader's sandbox; see reproduce.sh):\n{}",
                             printable_line(test.name), verdict_name(result.verdict), printable_line(result.message),
                             expected.describe(), printable_text(result.details), printable_text(reproduce_block));
  if (auto error = write_kept_case(config.keep_dir, kept)) result.details += "\n(" + *error + ")\n";
}

}  // namespace uirgrade
