/* Leaves a daemon (its own session, reparented) that waits for the grader to finish and then
 * rewrites the report named in the grader's command line. */
#include "hostile.h"

#include <signal.h>
#include <time.h>

int main(void) {
  int grader = find_grader();
  const char* report = grader > 0 ? grader_option(grader, "--output") : "";
  char target[4096];
  snprintf(target, sizeof target, "%s", report);
  if (fork() == 0) {
    setsid();
    if (fork() != 0) _exit(0);
    struct timespec tick = {0, 100 * 1000 * 1000};
    for (int k = 0; k < 60; k++) {  /* up to 6 s after grading */
      nanosleep(&tick, NULL);
      if (grader > 0 && kill(grader, 0) != 0 && target[0]) {
        FILE* file = fopen(target, "w");
        if (file) {
          fputs("{\"FORGED\": true}\n", file);
          fclose(file);
        }
        _exit(0);
      }
    }
    _exit(0);
  }
  return 7;
}
