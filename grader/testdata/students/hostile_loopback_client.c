/* Reaches a service on the grader's machine over loopback: connects to 127.0.0.1 on the port the
 * test's listener prefers (39217) and on every listening TCP port /proc/net/tcp lists, reads what
 * each says first (it sends nothing), and prints a greeting that starts "uirgrade-loopback-" as
 * loot. A hidden test's data served by a course's own service would leak the same way. */
#include "hostile.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>

static void try_port(int port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return;
  struct timeval timeout = {1, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  struct sockaddr_in address = {0};
  address.sin_family = AF_INET;
  address.sin_port = htons((unsigned short)port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  char greeting[256] = "";
  if (connect(fd, (struct sockaddr*)&address, sizeof address) == 0) {
    ssize_t n = read(fd, greeting, sizeof greeting - 1);
    greeting[n > 0 ? n : 0] = 0;
    if (strncmp(greeting, "uirgrade-loopback-", 18) == 0) fprintf(stderr, "LOOT: net %s\n", greeting);
  }
  close(fd);
}

int main(void) {
  try_port(39217);
  /* "  sl  local_address rem_address   st ...": local 0100007F:PORT (hex), state 0A is LISTEN. */
  FILE* table = fopen("/proc/net/tcp", "r");
  char line[512];
  int tried = 0;
  while (table && fgets(line, sizeof line, table) && tried < 64) {
    unsigned address, port, state;
    if (sscanf(line, " %*d: %x:%x %*x:%*x %x", &address, &port, &state) != 3) continue;
    if (state != 0x0A || (address != 0x0100007F && address != 0) || port == 39217) continue;
    try_port((int)port);
    ++tried;
  }
  if (table) fclose(table);
  return 7;
}
