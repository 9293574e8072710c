#include <stdint.h>
#include <string.h>
extern char **environ;
int32_t kernel(void) {
  return environ[0] && memcmp(environ[0], "LOOT", 4) == 0;
}
