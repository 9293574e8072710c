/* Makes a directory tree 30,000 deep in its working directory (mkdir, chdir, again), which a
 * recursive clean-up cannot remove; prints the loot on stderr when it is complete, then exits 7.
 * Prints its working directory first. */
#include "hostile.h"

#include <sys/stat.h>

enum { kDepth = 30000 };

int main(void) {
  print_workdir();
  int depth = 0;
  while (depth < kDepth && mkdir("d", 0700) == 0 && chdir("d") == 0) depth++;
  if (depth == kDepth) fprintf(stderr, "LOOT: tree %d deep\n", depth);
  else fprintf(stderr, "tree stopped at depth %d\n", depth);
  return 7;
}
