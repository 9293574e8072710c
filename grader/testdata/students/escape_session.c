// Forks a child that leaves the process group (setsid), hides its /proc owner (non-dumpable) and
// sleeps for a minute; exits 0 at once. killpg cannot reach the child: a PID namespace (bwrap) or
// the per-run uid (root) must.
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

int main(void) {
  pid_t child = fork();
  if (child == 0) {
    setsid();
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    fclose(stdout);
    fclose(stderr);
    sleep(60);
    return 0;
  }
  printf("escaped\n");
  return child > 0 ? 0 : 1;
}
