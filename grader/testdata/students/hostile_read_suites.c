/* Reads the grader's suites: by the absolute path in the grader's command line, and through
 * /proc/GRADER/cwd (the grader's working directory). */
#include "hostile.h"

int main(void) {
  int grader = find_grader();
  char path[8192];
  if (grader > 0) {
    snprintf(path, sizeof path, "%s/SECRET", grader_option(grader, "--suites"));
    loot_first_line("suites", path);
    snprintf(path, sizeof path, "/proc/%d/cwd/SECRET", grader);
    loot_first_line("cwd", path);
  }
  loot_first_line("guessed", "/autograder/source/suites/SECRET");
  return 7;
}
