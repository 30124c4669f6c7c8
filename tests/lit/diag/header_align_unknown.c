// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// A header's directive names what is not declared: reported in the header.
// CHECK: hdr_align.h:3:34: error: 'NOPE' in 'align' is not a distributed array or template
#include "Inputs/hdr_align.h"
