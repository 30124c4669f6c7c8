/* schedule_dyn.c: the dynamic and scheme modes: not built yet (the model,
 * lib/sched_model.c, comes with its own branch). */
#include "schedule_dyn.h"
#include "context.h"
#include "schedule.h"

void sdyn_start(int mode, const char *path)
{
    (void)path;
    dvmh_fatal(NULL, 0, "DVMH_SCHED_TECH=%s: not supported yet",
               mode == SCHED_DYNAMIC ? "dynamic" : "scheme");
}

void sdyn_finish(void) {}
void sdyn_region_begin(const char *file, int line)
{
    (void)file;
    (void)line;
}
void sdyn_region_datum(const char *decl_file, int decl_line, int rank, const dvmh_idx *size,
                       size_t elem_size)
{
    (void)decl_file;
    (void)decl_line;
    (void)rank;
    (void)size;
    (void)elem_size;
}
void sdyn_region_end(void) {}
void sdyn_split(const dvmh_loop *l, const int *usable, int n, const double *weights, double work,
                double *fraction, const char **source)
{
    (void)l;
    (void)usable;
    (void)n;
    (void)weights;
    (void)work;
    (void)fraction;
    (void)source;
}
void sdyn_record(const dvmh_loop *l, int dev, double work, double seconds)
{
    (void)l;
    (void)dev;
    (void)work;
    (void)seconds;
}
