// Writes files and a read-only subdirectory into its working directory, prints the directory, and
// exits 0: the runner must remove it all afterwards. Also checks the files it was given.
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void) {
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd)) return 10;
  FILE* given = fopen("given.txt", "r");
  char line[64] = "";
  if (!given || !fgets(line, sizeof line, given) || strcmp(line, "hello from the grader\n") != 0) return 11;
  fclose(given);
  FILE* out = fopen("scratch.txt", "w");
  if (!out || fputs("scratch\n", out) < 0 || fclose(out) != 0) return 12;
  if (mkdir("locked", 0700) != 0) return 13;
  FILE* inner = fopen("locked/inner.txt", "w");
  if (!inner || fclose(inner) != 0) return 14;
  if (chmod("locked", 0500) != 0 || chmod(".", 0500) != 0) return 15;  // read-only: removal must cope
  printf("%s\n", cwd);
  return 0;
}
