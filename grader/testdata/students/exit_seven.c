// Exits 7, printing one line on each stream.
#include <stdio.h>

int main(void) {
  printf("out\n");
  fprintf(stderr, "err\n");
  return 7;
}
