// Burns CPU without end: RLIMIT_CPU must stop it (SIGXCPU) before the wall-clock deadline.
int main(void) {
  volatile unsigned long counter = 0;
  for (;;) counter++;
}
