/* `render` prints a kernel (for a test without buffers) that calls system(): a sanitized kernel
 * has no address-space limit, so the shell and a Python child it starts hold 3 GiB between them,
 * and a daemon named after this student is left to outlive the run. The kernel prints the loot on
 * stderr if the memory was had, and returns 0. `run` exits 7. */
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
  if (argc < 2 || strcmp(argv[1], "render") != 0) return 7;
  printf("#include <stdint.h>\n#include <stdlib.h>\n"
         "int32_t kernel(void) {\n"
         "  system(\"setsid sh -c 'sleep 30' %s-daemon >/dev/null 2>&1 &\");\n"
         "  system(\"python3 -c 'import sys; x = b\\\"x\\\" * (3 << 30); "
         "sys.stderr.write(\\\"LOOT: system %%d MiB\\\\n\\\" %% (len(x) >> 20))'\");\n"
         "  return 0;\n"
         "}\n",
         argv[0]);
  return 0;
}
