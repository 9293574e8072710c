// Forks a child that keeps stdout open and sleeps for a minute, prints a line and exits 0 at once:
// the runner must not wait for the child to release the pipe (a short grace, then it is killed).
#include <stdio.h>
#include <unistd.h>

int main(void) {
  printf("parent done\n");
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    sleep(60);
    return 0;
  }
  return child > 0 ? 0 : 1;
}
