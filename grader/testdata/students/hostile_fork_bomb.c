/* A fork bomb, bounded so that a weakened grader survives it: up to 1000 processes at once (twice the
 * grader's limit, which fits the threads of a JVM on a 128-core machine), each
 * sleeping. When it has them all it prints the loot on stderr; in any case it then sleeps until
 * killed (the grader's time-out), holding what it got. */
#include "hostile.h"

#include <signal.h>

enum { kWanted = 1000 };

int main(void) {
  int forked = 0, failed = 0;
  while (forked < kWanted && failed < 2000) {
    pid_t child = fork();
    if (child == 0) {
      pause();
      _exit(0);
    }
    if (child > 0) forked++;
    else failed++;
  }
  if (forked == kWanted) fprintf(stderr, "LOOT: processes %d at once\n", forked + 1);
  fprintf(stderr, "forked %d, %d forks failed\n", forked, failed);
  for (;;) pause();
}
