// A hostile student (issue 10): on every command, one 1 MiB stderr line that starts with a terminal
// escape (clear screen) and a right-to-left override, each 64 KiB of it repeating them, then exit 1.
// Quoted whole, it made every report about 1 MiB longer per test.
#include <stdio.h>

int main(void) {
  fputs("\x1b[2J\xe2\x80\xae" "reversed", stderr);
  for (int k = 0; k < (1 << 20); k++) fputc(k % 65536 == 0 ? '\x1b' : 'A', stderr);
  fputs("\xe2\x81\xa6\n", stderr);
  return 1;
}
