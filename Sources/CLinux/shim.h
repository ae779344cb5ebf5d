// Linux calls and constants that Glibc's Swift module hides behind _GNU_SOURCE or macros.
#ifndef BINGWALL_CLINUX_SHIM_H
#define BINGWALL_CLINUX_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <signal.h>
#include <string.h>
#include <grp.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

/// An unnamed file in `folder` (open(2) O_TMPFILE): it vanishes if the process dies before
/// `bw_link_tmpfile` gives it a name, so a killed download leaves nothing behind.
/// Returns -1 with errno set (EOPNOTSUPP/EISDIR on file systems without O_TMPFILE).
static inline int bw_open_tmpfile(const char *folder, mode_t mode) {
  return open(folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
}

/// Gives an O_TMPFILE file its name. Fails with EEXIST rather than replacing a file.
static inline int bw_link_tmpfile(int fd, const char *target) {
  char source[64];
  snprintf(source, sizeof source, "/proc/self/fd/%d", fd);
  return linkat(AT_FDCWD, source, AT_FDCWD, target, AT_SYMLINK_FOLLOW);
}

/// An anonymous file in memory (memfd_create(2)), close-on-exec, that can be sealed.
static inline int bw_memfd_create(const char *_Nonnull name) {
  return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

/// Seals a memfd for good: no write, no growing or shrinking, no more seals.
static inline int bw_memfd_seal(int fd) {
  return fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_GROW | F_SEAL_SHRINK | F_SEAL_SEAL);
}

/// pipe(2) with both ends close-on-exec from the start (pipe2, O_CLOEXEC): no other thread's
/// spawn can inherit them between a pipe and an fcntl.
static inline int bw_pipe_cloexec(int ends[_Nonnull 2]) {
  return pipe2(ends, O_CLOEXEC);
}

/// flock(2) with its constants, which Swift sees only as macros.
static inline int bw_flock_exclusive(int fd, int wait) {
  return flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB));
}

static inline int bw_flock_unlock(int fd) {
  return flock(fd, LOCK_UN);
}

/// A CLOCK_REALTIME timer file descriptor: it keeps counting through suspend, unlike
/// CLOCK_MONOTONIC, and can be told to wake on a clock step (see bw_timerfd_arm).
static inline int bw_timerfd_create(void) {
  return timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC);
}

/// Arms the timer for an absolute wall-clock instant. With TFD_TIMER_CANCEL_ON_SET a read
/// fails with ECANCELED when the clock is set (a manual change, NTP step or resume), so the
/// daemon recomputes its deadlines instead of sleeping through them.
static inline int bw_timerfd_arm(int fd, long long seconds, long nanoseconds) {
  struct itimerspec spec;
  memset(&spec, 0, sizeof spec);
  spec.it_value.tv_sec = (time_t)seconds;
  spec.it_value.tv_nsec = nanoseconds;
  return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL);
}

/// Blocks the daemon's signals and returns a signalfd that receives them, so they arrive as
/// readable data between steps instead of interrupting one.
static inline int bw_signalfd_daemon(void) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGHUP);
  sigaddset(&set, SIGUSR1);
  if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -1;
  return signalfd(-1, &set, SFD_CLOEXEC);
}

/// Reads one signal from a signalfd; returns its number, or -1 with errno set.
static inline int bw_signalfd_read(int fd) {
  struct signalfd_siginfo info;
  ssize_t count = read(fd, &info, sizeof info);
  if (count != (ssize_t)sizeof info) return -1;
  return (int)info.ssi_signo;
}

/// Starts writing `count` bytes at `offset` of `fd` to disk without waiting (sync_file_range(2)
/// SYNC_FILE_RANGE_WRITE): the fsync that must come before the file is named then has little
/// left to wait for. Not a durability guarantee by itself; the fsync still is.
static inline int bw_start_writeback(int fd, off_t offset, off_t count) {
  return sync_file_range(fd, offset, count, SYNC_FILE_RANGE_WRITE);
}

/// Sets the real, effective and saved user ids at once (setresuid(2), a GNU extension): after
/// it a process that was root keeps no saved id to return to.
static inline int bw_setresuid(uid_t uid) { return setresuid(uid, uid, uid); }
/// The same for the group ids (setresgid(2)).
static inline int bw_setresgid(gid_t gid) { return setresgid(gid, gid, gid); }
/// 1 when the real, effective and saved user ids and group ids are all `uid` and `gid`.
static inline int bw_is_identity(uid_t uid, gid_t gid) {
  uid_t ruid, euid, suid;
  gid_t rgid, egid, sgid;
  if (getresuid(&ruid, &euid, &suid) != 0 || getresgid(&rgid, &egid, &sgid) != 0) return 0;
  return ruid == uid && euid == uid && suid == uid && rgid == gid && egid == gid && sgid == gid;
}
/// No program this process starts gains privileges (prctl(2) PR_SET_NO_NEW_PRIVS): a set-user-id
/// file run later runs as the caller.
static inline int bw_no_new_privileges(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }

#endif
