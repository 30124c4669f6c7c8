/* nopipes.c: preloaded (LD_PRELOAD) into a compile to stand for a file
 * system or a sandbox that refuses the plugin's pipes: mkfifo fails with
 * EPERM (but under the folder $NOFIFO_ALLOW when that is set), and with
 * NO_DEV_FD=1 the /dev/fd/N paths are not there. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

int mkfifo(const char *path, mode_t mode)
{
    const char *allow = getenv("NOFIFO_ALLOW");
    if (allow && *allow && strncmp(path, allow, strlen(allow)) == 0)
        return mknod(path, mode | S_IFIFO, 0);
    errno = EPERM;
    return -1;
}

int access(const char *path, int mode)
{
    const char *no_dev_fd = getenv("NO_DEV_FD");
    if (no_dev_fd && strcmp(no_dev_fd, "1") == 0 && strncmp(path, "/dev/fd/", 8) == 0) {
        errno = ENOENT;
        return -1;
    }
    int (*real)(const char *, int) = (int (*)(const char *, int))dlsym(RTLD_NEXT, "access");
    return real(path, mode);
}
