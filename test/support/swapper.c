// swapper A B: exchange A and B atomically (renameat2 RENAME_EXCHANGE) as fast as it can until SIGTERM, then
// put them back as they started and print the number of exchanges. A real concurrent attacker for race tests:
// a directory and a symbolic link trade places thousands of times while a call runs.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/fs.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile sig_atomic_t stop = 0;
static void on_signal(int sig) { (void)sig; stop = 1; }

static int exchange(const char *a, const char *b) {
  return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
}

int main(int argc, char **argv) {
  if (argc != 3) return 2;
  signal(SIGTERM, on_signal);
  unsigned long swaps = 0;
  while (!stop)
    if (exchange(argv[1], argv[2]) == 0) swaps++;
  if (swaps % 2 == 1 && exchange(argv[1], argv[2]) == 0) swaps++;
  printf("%lu\n", swaps);
  return 0;
}
