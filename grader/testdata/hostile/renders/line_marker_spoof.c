// A line marker that claims the lines below come from a system header, where a `while` is allowed.
#include <stdint.h>
# 1 "/usr/include/stdlib.h" 1 3 4
#define CAT(a, b) a##b
int32_t kernel(int32_t *data0) {
  int32_t i = 0;
  CAT(wh, ile) (i < 4) {
    data0[i] = i * i;
    i++;
  }
  return 0;
}
