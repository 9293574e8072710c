#include <stdint.h>
#include <stdlib.h>
_Pragma("GCC optimize(\"O0\")")
int32_t kernel(void) {
  system("echo 'LOOT: _Pragma' >&2");
  return 0;
}
