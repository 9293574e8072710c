/* A System V shared-memory channel between tests: the first test to run leaves its program's text
 * in a segment of a fixed key; a later test reads it and prints it. */
#include "hostile.h"

#include <sys/ipc.h>
#include <sys/shm.h>

int main(int argc, char** argv) {
  const key_t key = 0x5EC12E7;
  int id = shmget(key, 4096, 0666);
  if (id >= 0) {
    char* text = shmat(id, NULL, SHM_RDONLY);
    if (text != (char*)-1 && text[0]) fprintf(stderr, "LOOT: shm %.200s\n", text);
    return 7;
  }
  id = shmget(key, 4096, IPC_CREAT | 0666);
  char* text = id >= 0 ? shmat(id, NULL, 0) : (char*)-1;
  FILE* program = argc > 2 ? fopen(argv[2], "r") : NULL;
  if (text != (char*)-1 && program) {
    char line[256];
    while (fgets(line, sizeof line, program))
      if (line[0] != '#' && line[0] != '\n') {  /* the first statement */
        snprintf(text, 4096, "%s", line);
        break;
      }
  }
  return 7;
}
