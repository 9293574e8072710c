// Forks a child that sleeps for a minute and exits 0 at once: the child (still in the process
// group, holding no pipe) must not outlive the run.
#include <stdio.h>
#include <unistd.h>

int main(void) {
  pid_t child = fork();
  if (child == 0) {
    fclose(stdout);  // the runner must not wait for pipes the sleeper could hold
    fclose(stderr);
    sleep(60);
    return 0;
  }
  printf("forked\n");
  return child > 0 ? 0 : 1;
}
