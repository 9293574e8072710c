/* A POSIX message-queue channel between tests, made with open() since mq_open is filtered: the
 * first test to run makes a queue in /dev/mqueue whose name carries its program's first statement;
 * a later test lists the queues and prints what it finds. */
#include "hostile.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>

#define PREFIX "uirgrade-hostile-loot-"

int main(int argc, char** argv) {
  DIR* queues = opendir("/dev/mqueue");
  if (!queues) {
    fprintf(stderr, "MQUEUE: no /dev/mqueue: %s\n", strerror(errno));
    return 7;
  }
  int found = 0;
  for (struct dirent* entry; (entry = readdir(queues));)
    if (strncmp(entry->d_name, PREFIX, strlen(PREFIX)) == 0) {
      fprintf(stderr, "LOOT: mqueue %s\n", entry->d_name + strlen(PREFIX));
      found = 1;
    }
  closedir(queues);
  if (found) return 7;
  FILE* program = argc > 2 ? fopen(argv[2], "r") : NULL;
  char line[256] = "", name[300];
  while (program && fgets(line, sizeof line, program))
    if (line[0] != '#' && line[0] != '\n') break; /* the first statement */
  for (char* c = line; *c; ++c)
    if (!isalnum((unsigned char)*c)) *c = '_';
  snprintf(name, sizeof name, "/dev/mqueue/" PREFIX "%.200s", line);
  int fd = open(name, O_CREAT | O_RDWR, 0666);
  if (fd < 0) fprintf(stderr, "MQUEUE: open failed: %s\n", strerror(errno));
  else fprintf(stderr, "MQUEUE: made %s\n", name);
  return 7;
}
