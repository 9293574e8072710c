/* Helpers of the hostile students (hostile_*.c): find the grader among this process's ancestors
 * and read what it exposes. Each student prints "LOOT: ..." on stderr for what it got, then exits
 * 7, so that the report (which shows a crash's stderr) carries whatever the attack gained. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define UNUSED __attribute__((unused))

/* The parent of `pid` from /proc/PID/stat, or 0. */
UNUSED static int parent_of(int pid) {
  char path[64], buffer[512];
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  int fd = open(path, O_RDONLY);
  if (fd < 0) return 0;
  ssize_t n = read(fd, buffer, sizeof buffer - 1);
  close(fd);
  if (n <= 0) return 0;
  buffer[n] = 0;
  char* end = strrchr(buffer, ')');
  int ppid = 0;
  if (end) sscanf(end + 2, "%*c %d", &ppid);
  return ppid;
}

/* Reads /proc/PID/<what> (at most size-1 bytes); returns the length, -1 if unreadable. */
UNUSED static ssize_t read_proc(int pid, const char* what, char* out, size_t size) {
  char path[128];
  snprintf(path, sizeof path, "/proc/%d/%s", pid, what);
  int fd = open(path, O_RDONLY);
  if (fd < 0) return -1;
  ssize_t total = 0, n;
  while (total < (ssize_t)size - 1 && (n = read(fd, out + total, size - 1 - total)) > 0) total += n;
  close(fd);
  out[total < 0 ? 0 : total] = 0;
  return total;
}

/* The nearest ancestor whose argv[0] ends in "grade", or 0: the grader. */
UNUSED static int find_grader(void) {
  for (int pid = getppid(); pid > 1; pid = parent_of(pid)) {
    char cmdline[4096];
    if (read_proc(pid, "cmdline", cmdline, sizeof cmdline) <= 0) continue;
    size_t length = strlen(cmdline);
    if (length >= 5 && strcmp(cmdline + length - 5, "grade") == 0) return pid;
  }
  return 0;
}

/* The value after `option` in the grader's command line ("" if none). */
UNUSED static const char* grader_option(int grader, const char* option) {
  static char cmdline[8192];
  ssize_t n = read_proc(grader, "cmdline", cmdline, sizeof cmdline);
  for (ssize_t at = 0; at < n; at += strlen(cmdline + at) + 1)
    if (strcmp(cmdline + at, option) == 0 && at + (ssize_t)strlen(option) + 1 < n) return cmdline + at + strlen(option) + 1;
  return "";
}

/* Prints the first line of `path` as loot, if it can be read. */
UNUSED static void loot_first_line(const char* label, const char* path) {
  FILE* file = fopen(path, "r");
  if (!file) return;
  char line[256] = "";
  if (fgets(line, sizeof line, file)) fprintf(stderr, "LOOT: %s %s", label, line);
  fclose(file);
}

/* Prints "WORKDIR: <cwd>" on stderr, so that a test can check it is gone after the run. */
UNUSED static void print_workdir(void) {
  char cwd[4096];
  if (getcwd(cwd, sizeof cwd)) fprintf(stderr, "WORKDIR: %s\n", cwd);
}
