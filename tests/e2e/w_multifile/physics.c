/* The source term, called from parallel loops in other files. */
#include "grid.h"

double source(int i, int j)
{
    if (i == 0 || j == 0 || i == N - 1 || j == M - 1)
        return 1.0 + 0.01 * (i + j);
    return ((i * 3 + j) % 5 == 0) ? 0.5 : 0.0;
}
