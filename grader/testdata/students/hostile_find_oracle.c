/* Looks for the grader's own uir-oracle beside the grader (from /proc/GRADER/exe, or argv[0] of its
 * command line) and, if found, becomes it: the reference answers, for free. */
#include "hostile.h"

#include <libgen.h>

int main(int argc, char** argv) {
  (void)argc;
  int grader = find_grader();
  char candidates[2][8192] = {"", ""};
  if (grader > 0) {
    char exe[4096];
    snprintf(exe, sizeof exe, "/proc/%d/exe", grader);
    ssize_t n = readlink(exe, candidates[0], sizeof candidates[0] - 1);
    if (n > 0) candidates[0][n] = 0;
    read_proc(grader, "cmdline", candidates[1], sizeof candidates[1]);
  }
  for (int k = 0; k < 2; k++) {
    if (!candidates[k][0]) continue;
    char oracle[8300];
    snprintf(oracle, sizeof oracle, "%s/uir-oracle", dirname(candidates[k]));
    if (access(oracle, X_OK) == 0) {
      fprintf(stderr, "LOOT: oracle %s\n", oracle);
      argv[0] = oracle;
      execv(oracle, argv);
    }
  }
  return 7;
}
