/* fatal_test.c: an error on one process (dvmh_fatal) stops every process,
 * including those waiting for it in a barrier: the run ends, non-zero,
 * with the message naming the source line. Expected to fail. */
#include <dvmh.h>

int main(int argc, char **argv)
{
    dvmh_init(&argc, &argv);
    if (dvmh_process_rank() == dvmh_process_count() - 1)
        dvmh_fatal("fatal_test.c", 42, "stop-all test on process %d", dvmh_process_rank());
    dvmh_barrier();
    dvmh_barrier();
    return dvmh_finish(0);
}
