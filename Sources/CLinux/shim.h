// Linux calls and constants that Glibc's Swift module hides behind _GNU_SOURCE or macros.
#ifndef BINGWALL_CLINUX_SHIM_H
#define BINGWALL_CLINUX_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
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

/// flock(2) with its constants, which Swift sees only as macros.
static inline int bw_flock_exclusive(int fd, int wait) {
  return flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB));
}

static inline int bw_flock_unlock(int fd) {
  return flock(fd, LOCK_UN);
}

#endif
