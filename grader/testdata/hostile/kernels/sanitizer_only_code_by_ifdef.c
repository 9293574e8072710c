#ifdef __SANITIZE_ADDRESS__
#include <stdlib.h>
#define LOOT() system("echo 'LOOT: ifdef' >&2")
#else
#define LOOT() 0
#endif
#include <stdint.h>
int32_t kernel(void) {
  LOOT();
  return 0;
}
