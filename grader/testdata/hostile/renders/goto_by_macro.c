// A loop made of `goto`, spelled by a macro that pastes the keyword.
#include <stdint.h>
#define JUMP(label) go##to label
int32_t kernel(int32_t *data0) {
  int32_t i = 0;
again:
  data0[i] = i * i;
  i++;
  if (i < 4) JUMP(again);
  return 0;
}
