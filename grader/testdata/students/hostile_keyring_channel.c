/* A channel through the borrowed uid's user keyring, which outlives every process of the uid:
 * run as a student, it reads a key a run before it left there ("LOOT: key ..."), else it leaves
 * its program's first statement in one. `read` only reads; `clear` empties the keyring. */
#include "hostile.h"

#include <errno.h>
#include <linux/keyctl.h>
#include <sys/syscall.h>

static const char kName[] = "uirgrade-hostile-channel";

int main(int argc, char** argv) {
  fprintf(stderr, "UID: %d\n", (int)getuid());
  if (argc > 1 && strcmp(argv[1], "clear") == 0) return syscall(SYS_keyctl, KEYCTL_CLEAR, KEY_SPEC_USER_KEYRING) == 0 ? 0 : 1;
  long key = syscall(SYS_keyctl, KEYCTL_SEARCH, KEY_SPEC_USER_KEYRING, "user", kName, 0);
  if (key >= 0) {
    char text[256] = {0};
    long n = syscall(SYS_keyctl, KEYCTL_READ, key, text, sizeof text - 1);
    if (n > 0) fprintf(stderr, "LOOT: key %.200s\n", text);
    return 7;
  }
  fprintf(stderr, "KEY: search failed: %s\n", strerror(errno));
  if (argc > 1 && strcmp(argv[1], "read") == 0) return 7;
  FILE* program = argc > 2 ? fopen(argv[2], "r") : NULL;
  char line[256];
  while (program && fgets(line, sizeof line, program))
    if (line[0] != '#' && line[0] != '\n') {  /* the first statement */
      line[strcspn(line, "\n")] = 0;
      if (syscall(SYS_add_key, "user", kName, line, strlen(line), KEY_SPEC_USER_KEYRING) < 0)
        fprintf(stderr, "KEY: add_key failed: %s\n", strerror(errno));
      else
        fprintf(stderr, "KEY: added\n");
      break;
    }
  return 7;
}
