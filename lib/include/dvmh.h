/* dvmh.h: the public interface of libdvmh, the C-DVMH runtime.
 * Generated code calls everything below; users may call the "program" part
 * (dvmh_wtime, dvmh_barrier, ...) under #ifdef _DVMH.
 * docs/generated-code.md shows how the rewriter uses each call. */
#ifndef DVMH_H
#define DVMH_H

/* One header per concept; this one includes them all. */
#include "dvmh_core.h"
#include "dvmh_array.h"
#include "dvmh_data.h"
#include "dvmh_loop.h"
#include "dvmh_task.h"
#include "dvmh_io.h"
#include "dvmh_cuda.h"

#endif
