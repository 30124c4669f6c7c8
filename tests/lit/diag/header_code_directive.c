// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// Code in headers is not rewritten: its directives are refused.
// CHECK: hdr_code.h:8:13: error: not supported yet: 'region' directive in a header file (a header may hold 'array', 'template' and 'inherit' declarations)
// CHECK: hdr_code.h:10:13: error: not supported yet: 'parallel' directive in a header file
#include "Inputs/hdr_code.h"
