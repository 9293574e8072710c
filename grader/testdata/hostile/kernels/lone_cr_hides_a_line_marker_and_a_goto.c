#include <stdint.h>
#include <stdlib.h>
//# 1 "/usr/include/stdlib.h" 3
int32_t kernel(void) {
  int32_t n = 0;
again: //if (++n < 3) goto again;
  //while (n < 5) n++;
  //do n++; while (n < 7);
  //__asm__ volatile("" : "+r"(n));
  //system("echo 'LOOT: lone CR' >&2");
  for (int32_t i = 0; i < 1; i++) n += i;
  return n == 7 ? 0 : 1;
}
