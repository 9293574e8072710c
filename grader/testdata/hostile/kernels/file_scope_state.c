#include <stdint.h>
#include <stdlib.h>
static int32_t calls;
int32_t kernel(void) {
  if (calls++ == 0) system("echo 'LOOT: state' >&2");
  return 0;
}
