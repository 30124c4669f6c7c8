/* check.h: the runtime side of check mode (dvmcc -fdvmh-check). The entry
 * points the instrumented code calls are declared in dvmh.h. */
#ifndef DVMH_CHECK_H
#define DVMH_CHECK_H

#include "dvmh.h"

#endif
