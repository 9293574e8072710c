// Prints every byte value 0..255 twice on stdout (NULs and invalid UTF-8 included) and a few on
// stderr, then exits 0: the runner must keep the bytes exactly.
#include <stdio.h>

int main(void) {
  for (int round = 0; round < 2; round++)
    for (int byte = 0; byte < 256; byte++) putchar(byte);
  fputs("\xff\xfe\x00", stderr);
  fputc(0, stderr);
  return 0;
}
