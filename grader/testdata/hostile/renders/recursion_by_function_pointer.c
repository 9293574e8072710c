// Recursion the call graph of the text cannot see: fill calls itself through a pointer.
#include <stdint.h>
static int32_t (*volatile next_step)(int32_t *, int32_t);
static int32_t fill(int32_t *data, int32_t i) {
  if (i == 4) return 0;
  data[i] = i * i;
  return next_step(data, i + 1);
}
int32_t kernel(int32_t *data0) {
  next_step = fill;
  return fill(data0, 0);
}
