// File operations Glibc's Swift module does not show: renameat2 with
// RENAME_EXCHANGE (Linux 3.15+), the one call that swaps two directories
// atomically (`haru compact` in place), and O_PATH (a descriptor that pins a
// directory this user may search but not list).
#ifndef HARU_FILES_H
#define HARU_FILES_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

/// Swaps the directory entries `a` and `b` atomically; 0, or -1 with errno
/// (EINVAL or ENOSYS where the file system or kernel cannot).
static inline int haru_rename_exchange(const char *a, const char *b) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
}

/// O_PATH (Linux 2.6.39+), hidden behind _GNU_SOURCE in Glibc's module.
static inline int haru_o_path(void) { return O_PATH; }
#endif
