// reproduce.sh is POSIX sh and awk only (what every CI image and student machine has).
#include "grader/feedback/reproduce_script.h"

#include <fmt/format.h>

#include "grader/render/c_compile.h"
#include "grader/feedback/display_text.h"
#include "grader/feedback/reproduce.h"

namespace uirgrade {
namespace {

// Compares expected.txt with reproduced.txt as the grader compares buffers: `checked` and `ints`
// are blank-separated slot lists ("all" for every slot); f32 values within atol + rtol * |expected|.
constexpr const char* kCompareFunction = R"(compare_slots() {
  awk -v rtol="$1" -v atol="$2" -v checked="$3" -v ints="$4" '
    function abs(x) { return x < 0 ? -x : x }
    function listed(list, slot) { return list == "all" || index(" " list " ", " " slot " ") > 0 }
    NR == FNR { want[$1] = $0; next }
    { have[$1] = $0 }
    END {
      bad = 0
      for (key in want) {
        slot = key; sub(":", "", slot)
        if (!listed(checked, slot)) continue
        if (!(key in have)) { print "reproduce: slot " slot ": missing from your output"; bad = 1; continue }
        n = split(want[key], e); m = split(have[key], g)
        if (n != m) { print "reproduce: slot " slot ": " m - 1 " values, the oracle prints " n - 1; bad = 1; continue }
        for (k = 2; k <= n; k++) {
          if (e[k] == g[k]) continue
          same = 0
          if (!listed(ints, slot) && e[k] !~ /nan|inf/ && g[k] !~ /nan|inf/)
            same = abs(g[k] - e[k]) <= atol + rtol * abs(e[k])
          if (!same) { print "reproduce: slot " slot " [" k - 2 "]: expected " e[k] ", got " g[k]; bad = 1; break }
        }
      }
      exit bad
    }' expected.txt reproduced.txt
}
)";

std::string slot_list(const std::vector<int>& slots) {
  std::string list;
  for (int slot : slots) list += (list.empty() ? "" : " ") + std::to_string(slot);
  return list;
}

}  // namespace

std::string reproduce_script(const TestCase& test, const Expected& expected, const GradeConfig& config,
                             const std::string& title) {
  const std::string student =
      shell_quote(config.reproduce_student.empty() ? shown_student_path(config) : config.reproduce_student);
  std::string flags;
  for (const std::string& flag : c_compile_flags()) flags += flag + " ";
  std::string script = fmt::format(
      "#!/bin/sh\n# {}\n# Reruns your compiler on this case as the grader did, then compares with the oracle\n"
      "# (expected.txt, {}) as the grader does. Exit status 0: the same as the oracle; 1: it differs.\n"
      "# WARNING: this runs the student's compiler (and, for a render test, its kernel) directly, without\n"
      "# the grader's sandbox: run it only on code you trust, or inside a throw-away container or VM.\n"
      "cd \"$(dirname \"$0\")\" || exit 2\n",
      printable_line(title), expected.describe());  // one comment line: a line end in the title would start a command
  if (expected.exit_code != 2) script += kCompareFunction;

  // Running: the status of the student's command, or of the rendered kernel, lands in $status.
  if (test.mode == Mode::Run) {
    script += fmt::format("set -x\n{} run {} < data.txt > reproduced.txt 2> reproduced-stderr.txt\nstatus=$?\n{{ set +x; }} 2>/dev/null\n",
                          student, kProgramFile);
  } else if (expected.exit_code == 2) {
    script += fmt::format("set -x\n{} render {} > kernel.c 2> reproduced-stderr.txt\nstatus=$?\n{{ set +x; }} 2>/dev/null\n",
                          student, kProgramFile);
  } else {
    script += fmt::format(
        "set -x\n{} render {} > kernel.c || {{ echo \"reproduce: render exited $?, not 0\"; exit 1; }}\n"
        "cc {}kernel.c driver.c sanitizer_defaults.c -o kernel -lm || {{ echo \"reproduce: kernel.c did not compile\"; exit 1; }}\n"
        "./kernel < data.txt > reproduced.txt 2> reproduced-stderr.txt\nstatus=$?\n{{ set +x; }} 2>/dev/null\n",
        student, kProgramFile, flags);
  }

  // Comparing, in the grader's order: exit code, then buffers, then the failing assert's line or the rule.
  script += fmt::format(
      "if [ \"$status\" -ne {0} ]; then\n  echo \"reproduce: exit $status, the oracle exits {0}\"; head -n 3 reproduced-stderr.txt; exit 1\nfi\n",
      expected.exit_code);
  if (expected.exit_code == 2) {
    if (test.expect_error_rule)
      script += fmt::format(
          "if ! head -n 1 reproduced-stderr.txt | grep -q ': error: {0}:'; then\n"
          "  echo \"reproduce: your first stderr line does not report {0}: $(head -n 1 reproduced-stderr.txt)\"; exit 1\nfi\n",
          *test.expect_error_rule);
  } else {
    std::vector<int> ints;
    for (const uir::SlotSpec& spec : expected.specs)
      if (spec.dtype == uir::DType::I32) ints.push_back(spec.slot);
    script += fmt::format("compare_slots {:g} {:g} '{}' '{}' || exit 1\n", test.tolerance.rtol, test.tolerance.atol,
                          test.check_slots ? slot_list(*test.check_slots) : "all", slot_list(ints));
    if (expected.exit_code == 1)
      script += fmt::format(
          "if [ \"$(head -n 1 reproduced-stderr.txt)\" != '{0}:{1}: assert failed' ]; then\n"
          "  echo \"reproduce: your first stderr line is not '{0}:{1}: assert failed': $(head -n 1 reproduced-stderr.txt)\"; exit 1\nfi\n",
          kProgramFile, expected.run.failed_assert_line);
  }
  script += "echo 'reproduce: the same as the oracle'\n";
  return script;
}

}  // namespace uirgrade
