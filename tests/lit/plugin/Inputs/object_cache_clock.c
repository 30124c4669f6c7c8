/* object_cache.c's file that names the clock: never cached */
#include <stdio.h>
int main(void)
{
    printf("%d\n", (int)sizeof __DATE__);
    return 0;
}
