// handrail-landlock: run a command under a Landlock ruleset, as handrail's `landlock` sandbox backend asks.
//
//   handrail-landlock --abi
//   handrail-landlock [--rules FILE] [--deny-net] [--read-only-roots] [--uid U --gid G | --drop-caps]
//                     [--nproc N] -- CMD ARG...
//
// FILE holds NUL-terminated pairs "hex-access\0path\0": each path gets the access (Landlock's
// LANDLOCK_ACCESS_FS_* bits) to itself and everything beneath it; everything else is denied. Bits this
// kernel's ABI does not know are dropped (ABI 1-3 enforce fewer rights; handrail says so). The helper stays
// as the parent and subreaper of the command: when the command exits, whatever it left running (background
// jobs, daemons that double-forked) is killed, as a PID namespace would. Only the child is confined.
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define SYS_CREATE_RULESET 444
#define SYS_ADD_RULE 445
#define SYS_RESTRICT_SELF 446
#define RULE_PATH_BENEATH 1
#define NET_BIND_TCP 1ULL
#define NET_CONNECT_TCP 2ULL
#define SCOPE_ABSTRACT_UNIX 1ULL
#define SCOPE_SIGNAL 2ULL
// Rights that apply to a file (the rest need a directory): execute, write, read, truncate, ioctl on devices.
#define FILE_RIGHTS ((1ULL << 0) | (1ULL << 1) | (1ULL << 2) | (1ULL << 14) | (1ULL << 15))

struct ruleset_attr { uint64_t fs, net, scoped; };
struct path_beneath { uint64_t allowed; int32_t parent_fd; } __attribute__((packed));

static void die(const char *what) {
  fprintf(stderr, "handrail-landlock: %s: %s\n", what, strerror(errno));
  _exit(126);
}

static int landlock_abi(void) {
  long abi = syscall(SYS_CREATE_RULESET, NULL, 0, 1U);
  return abi < 0 ? 0 : (int)abi;
}

/** Every filesystem right the kernel's ABI handles: all of them are denied unless a rule grants them. */
static uint64_t handled_fs(int abi) {
  uint64_t fs = (1ULL << 13) - 1;    // ABI 1: execute .. make_sym
  if (abi >= 2) fs |= 1ULL << 13;    // refer
  if (abi >= 3) fs |= 1ULL << 14;    // truncate
  if (abi >= 5) fs |= 1ULL << 15;    // ioctl_dev
  return fs;
}

static void add_rules(int ruleset, const char *file, uint64_t handled) {
  FILE *in = fopen(file, "r");
  if (!in) die(file);
  char *access = NULL, *path = NULL;
  size_t alen = 0, plen = 0;
  while (getdelim(&access, &alen, '\0', in) > 0 && getdelim(&path, &plen, '\0', in) > 0) {
    struct path_beneath rule = { strtoull(access, NULL, 16) & handled, -1 };
    rule.parent_fd = open(path, O_PATH | O_CLOEXEC);
    if (rule.parent_fd < 0) {
      // Gone since handrail looked, or out of reach: nothing to grant.
      if (errno == ENOENT || errno == ENOTDIR || errno == EACCES) continue;
      die(path);
    }
    struct stat st;
    if (fstat(rule.parent_fd, &st) == 0 && !S_ISDIR(st.st_mode)) rule.allowed &= FILE_RIGHTS;
    if (rule.allowed && syscall(SYS_ADD_RULE, ruleset, RULE_PATH_BENEATH, &rule, 0) != 0) die(path);
    close(rule.parent_fd);
  }
  free(access);
  free(path);
  fclose(in);
}

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#endif
#define ARG_LOW(n) (offsetof(struct seccomp_data, args) + 8 * (n))  // little-endian: the low 32 bits

/**
 * A seccomp filter for what Landlock does not cover. Unix sockets: connecting to one is not a file access
 * Landlock checks, and a listening service (the D-Bus session bus, docker.sock) would run what it is asked
 * outside the sandbox; socketpair() stays. --deny-net: every other socket too (UDP, raw, and TCP on kernels
 * without Landlock's network rights). Root (--drop-caps): no setuid or setgid bits (root owns most files).
 * --read-only-roots: access(2) asking for write permission fails with EROFS, as on a read-only mount:
 * Landlock does not answer access(2), so `test -w .` would otherwise say "writable" from the permission
 * bits alone where no write can succeed (the run directory, the one writable place, then reads as not
 * writable too: the safe side). io_uring goes around seccomp, so it is off. Returns 0 when the architecture
 * is not supported here.
 */
static int install_seccomp(int deny_net, int root, int read_only) {
#ifdef NATIVE_ARCH
  struct sock_filter f[64];
  int n = 0;
#define S(code, k, jt, jf) (f[n++] = (struct sock_filter)BPF_JUMP(code, k, jt, jf))
#define DENY(err) S(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (err), 0, 0)
  S(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch), 0, 0);
  S(BPF_JMP | BPF_JEQ | BPF_K, NATIVE_ARCH, 1, 0);
  DENY(ENOSYS);  // 32-bit entry points (socketcall) are closed
  S(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr), 0, 0);
#ifdef __x86_64__
  S(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1);  // x32
  DENY(ENOSYS);
#endif
  S(BPF_JMP | BPF_JEQ | BPF_K, 425, 0, 1);  // io_uring_setup
  DENY(ENOSYS);
  // socket(domain, ...): never a Unix one; no other one either when the network is denied.
  S(BPF_JMP | BPF_JEQ | BPF_K, SYS_socket, 0, 4);
  S(BPF_LD | BPF_W | BPF_ABS, ARG_LOW(0), 0, 0);
  S(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1);
  DENY(EACCES);
  S(BPF_RET | BPF_K, deny_net ? SECCOMP_RET_ERRNO | EACCES : SECCOMP_RET_ALLOW, 0, 0);
  if (read_only) {
    // access-family calls whose mode asks for W_OK: (syscall number, index of the mode argument).
    static const int probes[][2] = {
#ifdef SYS_access
      {SYS_access, 1},
#endif
      {SYS_faccessat, 2}, {439 /* faccessat2 */, 2}};
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
      S(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)probes[i][0], 0, 4);
      S(BPF_LD | BPF_W | BPF_ABS, ARG_LOW(probes[i][1]), 0, 0);
      S(BPF_JMP | BPF_JSET | BPF_K, W_OK, 0, 1);
      DENY(EROFS);
      S(BPF_RET | BPF_K, SECCOMP_RET_ALLOW, 0, 0);
    }
  }
  if (root) {
    // chmod-family calls whose mode sets setuid or setgid: (syscall number, index of the mode argument).
    static const int calls[][2] = {
#ifdef SYS_chmod
      {SYS_chmod, 1},
#endif
      {SYS_fchmod, 1}, {SYS_fchmodat, 2}, {452 /* fchmodat2 */, 2}};
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
      S(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)calls[i][0], 0, 4);
      S(BPF_LD | BPF_W | BPF_ABS, ARG_LOW(calls[i][1]), 0, 0);
      S(BPF_JMP | BPF_JSET | BPF_K, S_ISUID | S_ISGID, 0, 1);
      DENY(EPERM);
      S(BPF_RET | BPF_K, SECCOMP_RET_ALLOW, 0, 0);
    }
  }
  S(BPF_RET | BPF_K, SECCOMP_RET_ALLOW, 0, 0);
  struct sock_fprog prog = { (unsigned short)n, f };
  if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) die("seccomp");
  return 1;
#else
  (void)deny_net;
  (void)root;
  (void)read_only;
  return 0;
#endif
}

/** The tasks (threads count) the uid runs now: RLIMIT_NPROC counts them all, not only the command's. */
static long tasks_of(uid_t uid) {
  long count = 0;
  DIR *proc = opendir("/proc");
  if (!proc) return 0;
  for (struct dirent *e; (e = readdir(proc));) {
    char dir[300];
    struct stat st;
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    snprintf(dir, sizeof dir, "/proc/%s/task", e->d_name);
    if (stat(dir, &st) != 0 || st.st_uid != uid) continue;
    DIR *tasks = opendir(dir);
    if (!tasks) continue;
    for (struct dirent *t; (t = readdir(tasks));) count += t->d_name[0] != '.';
    closedir(tasks);
  }
  closedir(proc);
  return count;
}

static void drop_capabilities(void) {
  // Root keeps no capability: none now, none at the next exec (NOROOT), and none ever again (bounding set).
  if (prctl(PR_SET_SECUREBITS, 0x2f /* NOROOT, NO_SETUID_FIXUP, KEEP_CAPS_LOCKED, and their locks */) != 0)
    die("securebits");
  for (int cap = 0; cap <= 63; cap++)
    if (prctl(PR_CAPBSET_DROP, cap) != 0 && errno != EINVAL) die("capability bounding set");
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  struct { uint32_t version; int pid; } header = { 0x20080522, 0 };
  struct { uint32_t effective, permitted, inheritable; } data[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
  if (syscall(SYS_capset, &header, data) != 0) die("capset");
}

static pid_t child_pid;

/** Kill every process left below the helper (orphans come to it as the subreaper) and reap them. */
static void kill_descendants(void) {
  for (;;) {
    DIR *proc = opendir("/proc");
    if (proc) {
      for (struct dirent *e; (e = readdir(proc));) {
        char file[300], buf[512];
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        snprintf(file, sizeof file, "/proc/%s/stat", e->d_name);
        int fd = open(file, O_RDONLY | O_CLOEXEC);
        if (fd < 0) continue;
        ssize_t len = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (len <= 0) continue;
        buf[len] = '\0';
        char *end = strrchr(buf, ')');
        int ppid = 0;
        if (end && sscanf(end + 2, "%*c %d", &ppid) == 1 && ppid == getpid()) kill(atoi(e->d_name), SIGKILL);
      }
      closedir(proc);
    }
    if (waitpid(-1, NULL, 0) < 0 && errno == ECHILD) return;
  }
}

int main(int argc, char **argv) {
  const char *rules = NULL;
  int deny_net = 0, drop_caps = 0, read_only = 0, i = 1;
  long uid = -1, gid = -1, nproc = 0;
  if (argc == 2 && strcmp(argv[1], "--abi") == 0) {
    int abi = landlock_abi();
#ifdef NATIVE_ARCH
    printf("%d seccomp read-only-roots\n", abi);
#else
    printf("%d\n", abi);
#endif
    if (!abi) fprintf(stderr, "Landlock is not available: %s\n", strerror(errno));
    return abi ? 0 : 1;
  }
  for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
    if (!strcmp(argv[i], "--rules") && i + 1 < argc) rules = argv[++i];
    else if (!strcmp(argv[i], "--deny-net")) deny_net = 1;
    else if (!strcmp(argv[i], "--read-only-roots")) read_only = 1;
    else if (!strcmp(argv[i], "--drop-caps")) drop_caps = 1;
    else if (!strcmp(argv[i], "--uid") && i + 1 < argc) uid = atol(argv[++i]);
    else if (!strcmp(argv[i], "--gid") && i + 1 < argc) gid = atol(argv[++i]);
    else if (!strcmp(argv[i], "--nproc") && i + 1 < argc) nproc = atol(argv[++i]);
    else {
      fprintf(stderr, "handrail-landlock: unknown argument %s\n", argv[i]);
      return 126;
    }
  }
  if (i + 1 >= argc) {
    fprintf(stderr, "usage: handrail-landlock [options] -- command [args...]\n");
    return 126;
  }
  int abi = landlock_abi();
  if (!abi) die("Landlock is not available");

  // The helper outlives signals meant for the command (it is in the command's process group), so that it
  // can clean up after it; the child gets the default dispositions back.
  int spared[] = { SIGTERM, SIGINT, SIGHUP, SIGQUIT };
  for (size_t s = 0; s < sizeof spared / sizeof spared[0]; s++) signal(spared[s], SIG_IGN);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) die("subreaper");
  pid_t parent = getpid();
  child_pid = fork();
  if (child_pid < 0) die("fork");
  if (child_pid > 0) {
    int status;
    while (waitpid(child_pid, &status, 0) < 0 && errno == EINTR) {}
    kill_descendants();
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    struct rlimit none = { 0, 0 };
    setrlimit(RLIMIT_CORE, &none);
    signal(WTERMSIG(status), SIG_DFL);
    raise(WTERMSIG(status));
    return 128 + WTERMSIG(status);
  }

  for (size_t s = 0; s < sizeof spared / sizeof spared[0]; s++) signal(spared[s], SIG_DFL);
  // The rules first, while every path can still be opened (a rule holds an inode, whoever opened it).
  struct ruleset_attr attr = { handled_fs(abi), 0, 0 };
  if (deny_net && abi >= 4) attr.net = NET_BIND_TCP | NET_CONNECT_TCP;
  if (abi >= 6) attr.scoped = SCOPE_ABSTRACT_UNIX | SCOPE_SIGNAL;
  size_t size = abi >= 6 ? 24 : abi >= 4 ? 16 : 8;
  int ruleset = (int)syscall(SYS_CREATE_RULESET, &attr, size, 0U);
  if (ruleset < 0) die("landlock_create_ruleset");
  if (rules) add_rules(ruleset, rules, attr.fs);

  if (gid >= 0 && (setgroups(0, NULL) != 0 || setresgid(gid, gid, gid) != 0)) die("setgid");
  if (uid >= 0 && setresuid(uid, uid, uid) != 0) die("setuid");
  if (drop_caps) drop_capabilities();
  prctl(PR_SET_PDEATHSIG, SIGKILL);  // (a change of uid cleared it)
  if (getppid() != parent) _exit(126);
  if (nproc > 0) {
    // RLIMIT_NPROC counts all of the uid's tasks: allow `nproc` more than it runs now.
    struct rlimit now;
    getrlimit(RLIMIT_NPROC, &now);
    rlim_t want = (rlim_t)(tasks_of(getuid()) + nproc);
    if (want > now.rlim_max) want = now.rlim_max;
    struct rlimit limit = { want, want };
    if (setrlimit(RLIMIT_NPROC, &limit) != 0) die("RLIMIT_NPROC");
  }
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) die("no_new_privs");
  if (!install_seccomp(deny_net, drop_caps, read_only) && drop_caps) {
    fprintf(stderr, "handrail-landlock: no seccomp filter for this architecture; refusing to run as root\n");
    _exit(126);
  }
  if (syscall(SYS_RESTRICT_SELF, ruleset, 0U) != 0) die("landlock_restrict_self");
  close(ruleset);
  execvp(argv[i + 1], argv + i + 1);
  die(argv[i + 1]);
}
