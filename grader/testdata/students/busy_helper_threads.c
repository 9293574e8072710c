// A runtime's helper threads: two threads spin beside the main one until the process as a whole has
// used 1.5 s of CPU, then it prints "done" and exits 0. Under a CPU limit of 1 s per busy thread it
// must finish when the limit counts helper threads (ProcessLimits::cpu_helper_threads), and is
// stopped by SIGXCPU when it does not.
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static double process_cpu_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void* spin(void* unused) {
  (void)unused;
  volatile unsigned long counter = 0;
  for (;;) counter++;
  return NULL;
}

int main(void) {
  pthread_t helpers[2];
  for (int i = 0; i < 2; i++) pthread_create(&helpers[i], NULL, spin, NULL);
  while (process_cpu_seconds() < 1.5) {
  }
  printf("done\n");
  return 0;
}
