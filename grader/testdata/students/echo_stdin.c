// Copies stdin to stdout byte for byte, then prints its environment's HOME, PATH, LC_ALL and TZ
// on stderr, one per line.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int c;
  while ((c = getchar()) != EOF) putchar(c);
  const char* names[] = {"HOME", "PATH", "LC_ALL", "TZ"};
  for (int i = 0; i < 4; i++) {
    const char* value = getenv(names[i]);
    fprintf(stderr, "%s=%s\n", names[i], value ? value : "(unset)");
  }
  return 0;
}
