// `do ... while` pasted together.
#include <stdint.h>
#define CAT(a, b) a##b
int32_t kernel(int32_t *data0) {
  int32_t i = 0;
  CAT(d, o) {
    data0[i] = i * i;
    i++;
  } CAT(whi, le) (i < 4);
  return 0;
}
