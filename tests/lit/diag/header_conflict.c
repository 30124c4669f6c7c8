// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// The header gives W a distribution, the definition another one.
// CHECK: hdr_layout.h:3:13: error: conflicting directives for 'W': this one and the one at {{.*}}header_conflict.c:7 (give its distribution once, with its definition, or the same everywhere)
#include "Inputs/hdr_layout.h"
// the same text would do:
// #pragma dvm array distribute[block][*]
#pragma dvm array distribute[*][block]
double W[N][N];
