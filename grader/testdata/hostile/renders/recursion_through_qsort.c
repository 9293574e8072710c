// Recursion through the C library: qsort calls back a function of the file, which calls qsort.
#include <stdint.h>
#include <stdlib.h>
static int32_t *squares;
static int32_t depth;
static int compare(const void *a, const void *b) {
  if (depth < 4) {
    squares[depth] = depth * depth;
    depth++;
    int32_t pair[2] = {0, 1};
    qsort(pair, 2, sizeof pair[0], compare);
  }
  return *(const int32_t *)a - *(const int32_t *)b;
}
int32_t kernel(int32_t *data0) {
  int32_t pair[2] = {1, 0};
  squares = data0;
  depth = 0;
  qsort(pair, 2, sizeof pair[0], compare);
  return 0;
}
