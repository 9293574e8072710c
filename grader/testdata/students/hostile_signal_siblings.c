/* Kills the other tests' students running beside it: every process of this same program that
 * descends from the same grader (when the grader can be seen). */
#include "hostile.h"

static int descends_from(int pid, int ancestor) {
  for (int at = parent_of(pid); at > 1; at = parent_of(at))
    if (at == ancestor) return 1;
  return 0;
}

#include <dirent.h>
#include <signal.h>
#include <time.h>

int main(void) {
  struct timespec pause = {0, 300 * 1000 * 1000};
  nanosleep(&pause, NULL);  /* let the siblings start */
  char self[4096];
  ssize_t self_length = readlink("/proc/self/exe", self, sizeof self - 1);
  self[self_length > 0 ? self_length : 0] = 0;
  const char* self_name = strrchr(self, '/') ? strrchr(self, '/') + 1 : self;
  int grader = find_grader();
  DIR* proc = opendir("/proc");
  struct dirent* entry;
  while (proc && (entry = readdir(proc))) {
    int pid = atoi(entry->d_name);
    if (pid <= 1 || pid == getpid()) continue;
    char cmdline[4096];
    if (read_proc(pid, "cmdline", cmdline, sizeof cmdline) <= 0) continue;
    if (grader > 0 && (pid == grader || !descends_from(pid, grader))) continue;
    if (descends_from(getpid(), pid)) continue; /* not its own ancestors */
    if (strstr(cmdline, self_name) && kill(pid, SIGKILL) == 0)
      fprintf(stderr, "LOOT: killed sibling %d\n", pid);
  }
  if (proc) closedir(proc);
  nanosleep(&pause, NULL);  /* be there to be killed */
  nanosleep(&pause, NULL);
  return 7;
}
