// Writes through a null pointer: killed by SIGSEGV, which must not read as exit 11.
#include <stdio.h>

int main(void) {
  volatile int* nowhere = NULL;
  printf("about to crash\n");
  fflush(stdout);
  *nowhere = 1;
  return 0;
}
