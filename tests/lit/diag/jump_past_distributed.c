// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// A jump into a block past a distributed array's declaration would skip
// its handle's initialisation too, and the block's end would destroy an
// uninitialised pointer: refused. A jump inside the block, after it, is
// fine (no error for h).
#define N 16
int f(int k)
{
    int s = 0;
    if (k)
        goto inside;
    {
// CHECK: jump_past_distributed.c:[[@LINE+2]]:9: error: not supported yet: a jump (goto, or a switch's case) past the declaration of a distributed array or template into its block (declare it in a block of its own)
#pragma dvm array distribute[block]
        double E[N];
        s = 1;
    inside:
        s++;
    }
    switch (k) {
    case 1:;
// CHECK: jump_past_distributed.c:[[@LINE+2]]:9: error: not supported yet: a jump
#pragma dvm template[N] distribute[block]
        void *T;
        s++;
    case 2:
        s--;
    }
    return s;
}
int h(int k)
{
    int s = 0;
    {
#pragma dvm array distribute[block]
        double E[N];
        if (k)
            goto after;
        s = 1;
    after:
        s++;
    }
    return s;
}
// CHECK: 2 errors generated.
