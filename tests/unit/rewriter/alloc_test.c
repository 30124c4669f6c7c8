/* The rewriter's allocation path: growth keeps the contents, and running
 * out of memory stops the program with the site that asked named. */
#include "alloc.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;
#define CHECK(cond, what)                                                    \
    do {                                                                     \
        if (!(cond)) {                                                       \
            failures++;                                                      \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, (what));     \
        }                                                                    \
    } while (0)

static void growth(void)
{
    int *items = NULL, cap = 0;
    for (int k = 0; k < 1000; k++) {
        items = xgrow(items, &cap, k + 1);
        items[k] = k * 3;
    }
    CHECK(cap >= 1000, "xgrow: room for every item");
    bool same = true;
    for (int k = 0; k < 1000; k++)
        same &= items[k] == k * 3;
    CHECK(same, "xgrow keeps the items");
    free(items);
    char *s = xstrndup("abcdef", 3);
    CHECK(!strcmp(s, "abc"), "xstrndup");
    free(s);
}

/* More than any machine has, from one line (the site the message names). */
enum { ASK_LINE = __LINE__ }; static void *ask_too_much(void) { return xmalloc(SIZE_MAX / 2); }

/* A child asks for too much: it must exit with status 1 and a message
 * naming this file and the line that asked. */
static void out_of_memory(void)
{
    int fds[2];
    if (pipe(fds)) {
        CHECK(0, "pipe");
        return;
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 2);
        free(ask_too_much());
        _exit(0);
    }
    close(fds[1]);
    /* all of it: a sanitizer's warning may come first */
    char buf[4096] = "";
    size_t len = 0;
    ssize_t n;
    while (len < sizeof buf - 1 && (n = read(fds[0], buf + len, sizeof buf - 1 - len)) > 0)
        len += (size_t)n;
    buf[len] = 0;
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 1, "out of memory: exit status 1");
    char site[64];
    snprintf(site, sizeof site, "alloc_test.c:%d", ASK_LINE);
    CHECK(strstr(buf, "cdvmh: out of memory") && strstr(buf, site), buf);
}

int main(void)
{
    growth();
    out_of_memory();
    if (failures)
        fprintf(stderr, "%d failure(s)\n", failures);
    else
        printf("alloc: all checks passed\n");
    return failures != 0;
}
