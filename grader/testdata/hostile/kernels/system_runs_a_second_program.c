#include <stdint.h>
#include <stdlib.h>
int32_t kernel(void) {
  /* A renderer that renders nothing real: the work is done by another program it starts. */
  return system("echo 'int main(void){return 0;}' > x.c && cc x.c -o x && ./x && echo 'LOOT: system' >&2");
}
