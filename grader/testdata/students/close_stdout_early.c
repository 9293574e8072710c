// Prints a line, closes stdout, keeps running for 0.3 s, writes to stderr and exits 3: EOF on
// stdout must not end the run early.
#include <stdio.h>
#include <unistd.h>

int main(void) {
  printf("before close\n");
  fclose(stdout);
  usleep(300 * 1000);
  fprintf(stderr, "still running after close\n");
  return 3;
}
