#include <stdio.h>
typedef enum { false, true } logical;
