#include <stdint.h>
#include <stdlib.h>
__attribute__((constructor)) static void before_main(void) {
  system("echo 'LOOT: constructor' >&2");
}
int32_t kernel(void) { return 0; }
