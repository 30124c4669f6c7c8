/* object_cache.c's file that embeds another: never cached (#embed reads
 * the file past the source manager, so its content is not in the key) */
static const char data[] = {
#  embed "object_cache.h"
};
int main(void)
{
    return data[0] == '#' ? 0 : 1;
}
