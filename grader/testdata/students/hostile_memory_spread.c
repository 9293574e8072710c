/* A memory hog spread over processes: 6 children each touch 512 MiB (under any per-process limit of
 * 2 GiB), report through a pipe once they hold it, and wait. When all 6 hold their share at once
 * (3 GiB in all), it prints the loot on stderr; then it exits 7. Prints its working directory first. */
#include "hostile.h"

#include <signal.h>
#include <sys/wait.h>

enum { kChildren = 6, kShareMiB = 512 };

int main(void) {
  print_workdir();
  int ready[2];
  if (pipe(ready) != 0) return 3;
  pid_t children[kChildren];
  for (int i = 0; i < kChildren; i++) {
    children[i] = fork();
    if (children[i] == 0) {
      size_t bytes = (size_t)kShareMiB << 20;
      volatile char* share = malloc(bytes);  /* volatile: the compiler must not drop the writes */
      if (!share) _exit(1);
      for (size_t at = 0; at < bytes; at += 4096) share[at] = 1;  /* resident, not just reserved */
      if (write(ready[1], "x", 1) != 1) _exit(1);
      pause();
      _exit(0);
    }
  }
  close(ready[1]);
  int held = 0;
  char byte;
  while (held < kChildren && read(ready[0], &byte, 1) == 1) held++;
  if (held == kChildren) fprintf(stderr, "LOOT: memory %d MiB held at once by %d processes\n", held * kShareMiB, held);
  for (int i = 0; i < kChildren; i++)
    if (children[i] > 0) kill(children[i], SIGKILL);
  while (wait(NULL) > 0) {
  }
  return 7;
}
