#include <stdint.h>
#include <stdlib.h>
int32_t kernel(void) {
  int (*run)(const char *) = system;
  return run("echo 'LOOT: pointer' >&2");
}
