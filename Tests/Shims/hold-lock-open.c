// An LD_PRELOAD shim that holds a process right after its first open of a
// ledger's `lock.mdb`, as a slow disk or a descheduled process would: LMDB
// opens `lock.mdb` and then `data.mdb` by path, and `haru compact` in place
// must not be able to swap the ledger between the two (issue 40, finding 1).
//
// HARU_HOLD_LOCK_OPEN=PREFIX: after the first successful open of a path
// ending in "/lock.mdb" (or in HARU_HOLD_SUFFIX when that is set), the
// process creates PREFIX.held and waits until PREFIX.go exists (at most
// 30 s), then carries on. Without the variable the shim does nothing. Built
// by the tests with `cc -shared -fPIC`.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int held = 0;

static void hold_if_lock_file(const char *path, int fd) {
    const char *prefix = getenv("HARU_HOLD_LOCK_OPEN");
    const char *suffix = getenv("HARU_HOLD_SUFFIX");
    if (!suffix) suffix = "/lock.mdb";
    size_t n = strlen(path), k = strlen(suffix);
    if (fd < 0 || held || !prefix || n < k || strcmp(path + n - k, suffix) != 0) return;
    held = 1;
    char name[4096];
    snprintf(name, sizeof name, "%s.held", prefix);
    int h = creat(name, 0600);
    if (h >= 0) close(h);
    snprintf(name, sizeof name, "%s.go", prefix);
    struct stat st;
    struct timespec pause = {0, 10 * 1000 * 1000};
    for (int i = 0; i < 3000 && stat(name, &st) != 0; i++) nanosleep(&pause, NULL);
}

static int call_open(const char *symbol, const char *path, int flags, mode_t mode) {
    int (*real)(const char *, int, ...) = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, symbol);
    int fd = real(path, flags, mode);
    hold_if_lock_file(path, fd);
    return fd;
}

int open(const char *path, int flags, ...) {
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); }
    return call_open("open", path, flags, mode);
}

int open64(const char *path, int flags, ...) {
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); }
    return call_open("open64", path, flags, mode);
}
