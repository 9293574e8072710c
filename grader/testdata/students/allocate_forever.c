// Allocates and touches memory without end; when malloc fails it writes through the null pointer,
// as a careless program would: a SIGSEGV with a peak RSS near the address-space limit.
#include <stdlib.h>
#include <string.h>

int main(void) {
  for (;;) {
    char* block = malloc(1 << 20);
    if (block == NULL) {
      volatile char* null_block = block;
      null_block[0] = 1;
    }
    memset(block, 1, 1 << 20);
  }
}
