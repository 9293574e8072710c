/* Writes 1 GiB of files into its working directory (16 files of 64 MiB, the most a file may be),
 * printing the loot on stderr when it has them all; then exits 7. Prints its working directory first. */
#include "hostile.h"

enum { kFiles = 16, kFileMiB = 64 };

int main(void) {
  print_workdir();
  static char block[1 << 20];
  memset(block, 'x', sizeof block);
  int written_mib = 0;
  for (int i = 0; i < kFiles; i++) {
    char name[32];
    snprintf(name, sizeof name, "fill-%02d", i);
    int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0) break;
    for (int mib = 0; mib < kFileMiB && write(fd, block, sizeof block) == (ssize_t)sizeof block; mib++) written_mib++;
    close(fd);
  }
  if (written_mib == kFiles * kFileMiB) fprintf(stderr, "LOOT: disk %d MiB written\n", written_mib);
  return 7;
}
