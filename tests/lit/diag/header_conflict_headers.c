// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// Two headers give the extern array W different distributions.
// CHECK: hdr_layout2.h:2:13: error: conflicting directives for 'W': this one and the one at {{.*}}hdr_layout.h:3
#include "Inputs/hdr_layout.h"
#include "Inputs/hdr_layout2.h"
int main(void)
{
    return 0;
}
