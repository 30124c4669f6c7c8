/* Starts and stops the runtime, nothing else: env_test.py runs it under
 * good and bad DVMH_* settings. */
#include <dvmh.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    dvmh_init(&argc, &argv);
    printf("started\n");
    return dvmh_finish(0);
}
