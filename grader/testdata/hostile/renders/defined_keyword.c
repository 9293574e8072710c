// `while` behind a #define (the text check already saw the replacement text).
#include <stdint.h>
#define LOOP while
int32_t kernel(int32_t *data0) {
  int32_t i = 0;
  LOOP (i < 4) {
    data0[i] = i * i;
    i++;
  }
  return 0;
}
