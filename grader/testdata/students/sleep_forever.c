// Sleeps forever: the runner must kill it at its wall-clock deadline.
#include <unistd.h>

int main(void) {
  for (;;) pause();
}
