#include <stdint.h>
int32_t kernel(void) {
  __builtin_printf("LOOT: builtin\n");
  return 0;
}
