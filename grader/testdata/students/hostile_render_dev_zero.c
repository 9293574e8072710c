/* `render` prints C that includes /dev/zero: the render rules refuse it before any compiler runs
 * (a C compiler would read without end and grow until a limit stopped it). `run` exits 7. */
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
  if (argc < 2 || strcmp(argv[1], "render") != 0) return 7;
  printf("#include <stdint.h>\n#include \"/dev/zero\"\nint32_t kernel(void) { return 0; }\n");
  return 0;
}
