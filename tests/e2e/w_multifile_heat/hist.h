/* The report's own distributed array, defined (static) in this header,
 * which report.c alone includes, next to an ordinary static counter. */
#ifndef HIST_H
#define HIST_H

#include "model.h"

#define NB NX
#pragma dvm array distribute[block]
static double bins[NB];
static int reports;

#endif
