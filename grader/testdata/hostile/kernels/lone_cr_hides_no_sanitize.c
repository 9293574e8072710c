#include <stdint.h>
#include <stdlib.h>
#include <string.h>
// a comment to a reader that ends lines only at LF__attribute__((no_sanitize("address", "undefined"))) static int32_t peek(const int32_t *p) { return p[-1]; }
int32_t kernel(void) {
  int32_t *buffer = malloc(4 * sizeof(int32_t));
  memset(buffer, 0, 4 * sizeof(int32_t));
  int32_t value = peek(buffer);  /* a read before the buffer, which the sanitizers would report */
  free(buffer);
  (void)value;  /* reached: no report, and the kernel goes on */
  return 0;
}
