// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// A function of a header reads a distributed array: the header is compiled
// as written, so that is refused.
// CHECK: hdr_inline.h:7:12: error: not supported yet: distributed array 'R' used in code in a header (a header is compiled as written; move the function to a .c file)
#include "Inputs/hdr_inline.h"
int main(void)
{
    return 0;
}
