// A bounded fork bomb: tries 5000 forks, each child sleeping for a minute, prints how many forks
// succeeded and failed, then sleeps itself. The process limit must stop it (so failures > 0),
// and the wall-clock kill must take every process with it.
#include <stdio.h>
#include <unistd.h>

int main(void) {
  int forked = 0, failed = 0;
  for (int i = 0; i < 5000; i++) {
    pid_t child = fork();
    if (child == 0) {
      sleep(60);
      _exit(0);
    }
    if (child > 0) forked++;
    else failed++;
  }
  printf("forked %d failed %d\n", forked, failed);
  fflush(stdout);
  sleep(60);
  return 0;
}
