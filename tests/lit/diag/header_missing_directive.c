// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// The header declares U without its directive: the files that include it
// and not this one would take U for ordinary data.
// CHECK: hdr_plain.h:3:15: error: declaration of distributed array 'U' without its '#pragma dvm array': the files that include '{{.*}}hdr_plain.h' would take it for ordinary data
#include "Inputs/hdr_plain.h"
#pragma dvm array distribute[block][block]
double U[N][N];
