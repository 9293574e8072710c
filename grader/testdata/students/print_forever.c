// Prints without end: stdout must be capped (and the rest drained) until the wall-clock kill.
#include <stdio.h>

int main(void) {
  for (unsigned long i = 0;; i++) printf("line %lu of endless output\n", i);
}
