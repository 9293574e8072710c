/* A channel from one run to the next through what a sandbox reused between runs could keep: a file
 * in /tmp, a System V shared-memory segment, a POSIX message queue, a process left behind (in its
 * own session), and the PID counter. Each run first prints what it finds of an earlier run on
 * stdout ("found tmp", "found shm", "found mqueue", "found process", then "pid N": its own pid,
 * which tells how many processes were started before it), then leaves every trace itself. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <unistd.h>

#define TRACE_FILE "/tmp/uirgrade-trace"
#define TRACE_QUEUE "/uirgrade-trace"
#define TRACE_KEY 0x7ACE5

/* Processes in sight besides this one and the PID namespace's first two (an init and its holder). */
static int other_processes(void) {
  int count = 0;
  DIR* proc = opendir("/proc");
  struct dirent* entry;
  while (proc && (entry = readdir(proc)))
    if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9' && atoi(entry->d_name) != getpid() &&
        atoi(entry->d_name) > 2)
      count++;
  if (proc) closedir(proc);
  return count;
}

int main(void) {
  if (access(TRACE_FILE, F_OK) == 0) printf("found tmp\n");
  if (shmget(TRACE_KEY, 0, 0) >= 0) printf("found shm\n");
  mqd_t queue = mq_open(TRACE_QUEUE, O_RDONLY);
  if (queue != (mqd_t)-1 || errno != ENOENT) printf("found mqueue\n"); /* EACCES: it is there */
  if (queue != (mqd_t)-1) mq_close(queue);
  if (other_processes() > 0) printf("found process\n");
  printf("pid %d\n", getpid());
  fflush(stdout);

  int fd = open(TRACE_FILE, O_WRONLY | O_CREAT, 0666);
  if (fd >= 0) close(fd);
  shmget(TRACE_KEY, 4096, IPC_CREAT | 0666);
  queue = mq_open(TRACE_QUEUE, O_RDONLY | O_CREAT, 0666, NULL);
  if (queue != (mqd_t)-1) mq_close(queue);
  for (int k = 0; k < 20; k++) { /* moves the PID counter on */
    pid_t child = fork();
    if (child == 0) _exit(0);
    if (child > 0) waitpid(child, NULL, 0);
  }
  if (fork() == 0) { /* a survivor in a session of its own, holding no pipe */
    setsid();
    int null = open("/dev/null", O_RDWR);
    dup2(null, 0), dup2(null, 1), dup2(null, 2);
    sleep(30);
    _exit(0);
  }
  return 0;
}
