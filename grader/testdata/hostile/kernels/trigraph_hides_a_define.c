??=include <stdint.h>
??=include <stdlib.h>
??=define RUN system
int32_t kernel(void) {
  RUN("echo 'LOOT: trigraph' >&2");
  return 0;
}
