#define _GNU_SOURCE
#include <stdio.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/io_uring.h>
int main(int argc, char **argv) {
  if (!strcmp(argv[1], "uring")) {
    struct io_uring_params p; memset(&p, 0, sizeof p);
    long fd = syscall(__NR_io_uring_setup, 4, &p);
    printf("uring=%ld errno=%d\n", fd, fd < 0 ? errno : 0);
  } else if (!strcmp(argv[1], "ptrace")) {
    pid_t pp = getppid();
    long r = ptrace(PTRACE_ATTACH, pp, 0, 0);
    printf("ptrace-parent=%ld errno=%d\n", r, r < 0 ? errno : 0);
    char path[64]; snprintf(path, sizeof path, "/proc/%d/mem", pp);
    int fd = open(path, O_RDWR);
    printf("parentmem=%d errno=%d\n", fd, fd < 0 ? errno : 0);
    fd = open("/proc/self/mem", O_RDWR);
    printf("selfmem=%d errno=%d\n", fd, fd < 0 ? errno : 0);
  } else if (!strcmp(argv[1], "unix")) {
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    printf("unixsocket=%d errno=%d\n", s, s < 0 ? errno : 0);
    if (s >= 0) {
      struct sockaddr_un a; memset(&a, 0, sizeof a); a.sun_family = AF_UNIX;
      socklen_t len;
      if (argv[2][0] == '@') { memcpy(a.sun_path + 1, argv[2] + 1, strlen(argv[2]) - 1); len = offsetof(struct sockaddr_un, sun_path) + strlen(argv[2]); }
      else { strcpy(a.sun_path, argv[2]); len = sizeof a; }
      int r = connect(s, (struct sockaddr *)&a, len);
      printf("unixconnect=%d errno=%d\n", r, r < 0 ? errno : 0);
      if (r == 0) write(s, "pwned\n", 6);
    }
    int sp[2]; int r = socketpair(AF_UNIX, SOCK_STREAM, 0, sp);
    printf("socketpair=%d errno=%d\n", r, r < 0 ? errno : 0);
  } else if (!strcmp(argv[1], "inet")) {
    int s = socket(AF_INET, SOCK_DGRAM, 0);
    printf("udpsocket=%d errno=%d\n", s, s < 0 ? errno : 0);
    s = socket(AF_INET6, SOCK_STREAM, 0);
    printf("tcp6socket=%d errno=%d\n", s, s < 0 ? errno : 0);
    s = socket(AF_NETLINK, SOCK_RAW, 0);
    printf("netlink=%d errno=%d\n", s, s < 0 ? errno : 0);
    s = socket(AF_PACKET, SOCK_RAW, 0);
    printf("packet=%d errno=%d\n", s, s < 0 ? errno : 0);
  }
  return 0;
}
