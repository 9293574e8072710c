/* Kills its parent and the grader. */
#include "hostile.h"

#include <signal.h>

int main(void) {
  int grader = find_grader();
  if (kill(getppid(), SIGKILL) == 0) fprintf(stderr, "LOOT: killed parent\n");
  if (grader > 0 && kill(grader, SIGKILL) == 0) fprintf(stderr, "LOOT: killed grader\n");
  return 7;
}
