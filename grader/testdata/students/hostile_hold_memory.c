/* A memory hog in one process: touches 512 MiB in 1 MiB blocks. When it holds them all it prints the
 * loot on stderr and exits 7; when malloc fails first it writes through the null pointer, as a
 * careless program would (SIGSEGV). A 256 MiB memory limit must stop it wherever it runs: by the
 * cgroup, or without one by RLIMIT_DATA. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMiB = 1 << 20, kHeldMiB = 512 };

int main(void) {
  for (int held = 0; held < kHeldMiB; held++) {
    char* block = malloc(kMiB);
    if (block == NULL) {
      volatile char* null_block = block;
      null_block[0] = 1;
    }
    memset(block, 1, kMiB);
  }
  fprintf(stderr, "LOOT: memory %d MiB held by one process\n", kHeldMiB);
  return 7;
}
