// An honest render (of call_graph_test's squares, as a 2 x 2 nest) whose two loops are written
// through one macro, with a disabled debugging loop and a macro it never uses. The compiler
// compiles two `for` statements; the text holds four.
#include <stdint.h>
#define EACH(i, n) for (int32_t i = 0; i < (n); i++)
#define FOREVER_TWICE for (;;) for (;;)
int32_t kernel(int32_t *data0) {
#if 0
  for (int32_t k = 0; k < 4; k++) data0[k] = -1;
#endif
  EACH(i, 2) EACH(j, 2) data0[2 * i + j] = (2 * i + j) * (2 * i + j);
  return 0;
}
