/* io.c: the program's stdio, performed once by the I/O process (rank 0 of
 * the current processor system) with the results shared by every process,
 * so that a C-DVMH program reads and prints what its sequential version does.
 * Output needs no communication (its result is computed alike everywhere);
 * input and file-state queries broadcast the I/O process's results. */
#include "io.h"
#include "alloc.h"
#include "array.h"
#include "boxes.h"
#include "comm.h"
#include "dvmh.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* ------------------------------------------------------------------------
 * Who does the I/O, and how its results reach the others
 * ------------------------------------------------------------------------ */

static bool io_here(void)
{
    return comm_process_rank() == 0;
}

/* Broadcast bytes from the I/O process (a no-op on one process). */
static void io_share(void *buf, size_t bytes)
{
    if (comm_process_count() > 1 && bytes > 0)
        comm_bcast(buf, bytes, 0);
}

/* A result and the errno that came with it, made the same everywhere. */
static long io_share_result(long result)
{
    long pair[2] = {result, errno};
    io_share(pair, sizeof pair);
    errno = (int)pair[1];
    return pair[0];
}

/* Output to stderr must not overtake what the program printed to stdout
 * before it, as it would not in the sequential program on a terminal. */
static void io_before_write(FILE *f)
{
    if (f == stderr)
        fflush(stdout);
}

/* Standard input reaches only the program's first process: a subtask's
 * I/O process may be another one. */
static void io_before_read(FILE *f)
{
    if (f == stdin && comm_group_current())
        dvmh_fatal(NULL, 0, "not supported yet: reading standard input inside a subtask");
}

/* Where the program's stdout goes instead of stdout (NULL: stdout). */
static FILE *stdout_sink;

void io_set_stdout(FILE *sink)
{
    stdout_sink = sink;
}

/* Where output to f goes. */
static FILE *io_out(FILE *f)
{
    io_before_write(f);
    return f == stdout && stdout_sink ? stdout_sink : f;
}

/* ------------------------------------------------------------------------
 * Output: written by the I/O process only; the others compute the value
 * a successful call returns, so output needs no communication (and is safe
 * where only some processes print).
 * ------------------------------------------------------------------------ */

int dvmh_vfprintf(FILE *f, const char *fmt, va_list ap)
{
    if (!io_here())
        return vsnprintf(NULL, 0, fmt, ap);
    return vfprintf(io_out(f), fmt, ap);
}

int dvmh_vprintf(const char *fmt, va_list ap)
{
    return dvmh_vfprintf(stdout, fmt, ap);
}

int dvmh_fprintf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int result = dvmh_vfprintf(f, fmt, ap);
    va_end(ap);
    return result;
}

int dvmh_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int result = dvmh_vfprintf(stdout, fmt, ap);
    va_end(ap);
    return result;
}

int dvmh_fputs(const char *s, FILE *f)
{
    if (!io_here())
        return 1;
    return fputs(s, io_out(f));
}

int dvmh_puts(const char *s)
{
    if (!io_here())
        return 1;
    FILE *out = io_out(stdout);
    return fputs(s, out) < 0 || fputc('\n', out) == EOF ? EOF : 1;
}

int dvmh_fputc(int c, FILE *f)
{
    if (!io_here())
        return (unsigned char)c;
    return fputc(c, io_out(f));
}

int dvmh_putc(int c, FILE *f)
{
    return dvmh_fputc(c, f);
}

int dvmh_putchar(int c)
{
    return dvmh_fputc(c, stdout);
}

void dvmh_perror(const char *s)
{
    if (!io_here())
        return;
    fflush(stdout);
    perror(s);
}

/* ------------------------------------------------------------------------
 * Files. On the other processes a file opened by the program is a
 * placeholder stream on /dev/null, opened read-only so that nothing can be
 * written through it; every question about the file is answered by the I/O
 * process, so the placeholder needs no state of its own.
 * ------------------------------------------------------------------------ */

static bool io_is_standard(FILE *f)
{
    return f == stdin || f == stdout || f == stderr;
}

FILE *dvmh_fopen(const char *path, const char *mode)
{
    FILE *f = NULL;
    if (io_here())
        f = fopen(path, mode);
    bool opened = io_share_result(f != NULL);
    if (!io_here() && opened) {
        f = fopen("/dev/null", "r");
        if (!f)
            dvmh_fatal(__FILE__, __LINE__, "cannot open a placeholder stream for '%s': %s",
                       path, strerror(errno));
    }
    return f;
}

int dvmh_fclose(FILE *f)
{
    int result = 0;
    if (io_here())
        result = fclose(f);
    else if (!io_is_standard(f))
        fclose(f);
    return (int)io_share_result(result);
}

int dvmh_fflush(FILE *f)
{
    return (int)io_share_result(io_here() ? fflush(f == stdout ? io_out(f) : f) : 0);
}

int dvmh_feof(FILE *f)
{
    return (int)io_share_result(io_here() ? feof(f) : 0);
}

int dvmh_ferror(FILE *f)
{
    return (int)io_share_result(io_here() ? ferror(f) : 0);
}

void dvmh_rewind(FILE *f)
{
    if (io_here())
        rewind(f);
    io_share_result(0);
}

int dvmh_fseek(FILE *f, long off, int whence)
{
    return (int)io_share_result(io_here() ? fseek(f, off, whence) : 0);
}

long dvmh_ftell(FILE *f)
{
    return io_share_result(io_here() ? ftell(f) : 0);
}

int dvmh_remove(const char *path)
{
    return (int)io_share_result(io_here() ? remove(path) : 0);
}

int dvmh_rename(const char *from, const char *to)
{
    return (int)io_share_result(io_here() ? rename(from, to) : 0);
}

/* ------------------------------------------------------------------------
 * Character and line input
 * ------------------------------------------------------------------------ */

int dvmh_fgetc(FILE *f)
{
    io_before_read(f);
    return (int)io_share_result(io_here() ? fgetc(f) : 0);
}

int dvmh_getc(FILE *f)
{
    return dvmh_fgetc(f);
}

int dvmh_getchar(void)
{
    return dvmh_fgetc(stdin);
}

char *dvmh_fgets(char *s, int n, FILE *f)
{
    io_before_read(f);
    long length = -1;
    if (io_here() && fgets(s, n, f))
        length = (long)strlen(s);
    length = io_share_result(length);
    if (length < 0)
        return NULL;
    io_share(s, (size_t)length + 1);
    return s;
}

/* ------------------------------------------------------------------------
 * Formatted input: the I/O process scans; then every object it assigned is
 * sent to the others. The objects are found by walking the format.
 * ------------------------------------------------------------------------ */

enum io_target_kind { IO_FIXED, IO_STRING, IO_WIDE_STRING };

typedef struct io_target {
    void *addr;
    int kind;
    size_t bytes;               /* IO_FIXED */
    bool counts;                /* counted in scanf's result (not %n) */
} io_target;

static size_t io_integer_size(const char *length)
{
    if (!strcmp(length, "hh")) return sizeof(char);
    if (!strcmp(length, "h")) return sizeof(short);
    if (!strcmp(length, "l")) return sizeof(long);
    if (!strcmp(length, "ll") || !strcmp(length, "q")) return sizeof(long long);
    if (!strcmp(length, "j")) return sizeof(intmax_t);
    if (!strcmp(length, "z")) return sizeof(size_t);
    if (!strcmp(length, "t")) return sizeof(ptrdiff_t);
    return sizeof(int);
}

/* Walks fmt, taking one pointer from ap for every assigning conversion.
 * Returns the number of targets, or -1 for a format it does not know. */
static int io_scan_targets(const char *fmt, va_list ap, io_target *targets, int max_targets)
{
    int count = 0;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%')
            continue;
        p++;
        if (*p == '%')
            continue;
        bool suppressed = false;
        if (*p == '*') {
            suppressed = true;
            p++;
        }
        long width = 0;
        while (*p >= '0' && *p <= '9')
            width = width * 10 + (*p++ - '0');
        if (*p == 'm')          /* POSIX allocation: not supported */
            return -1;
        char length[3] = "";
        int length_chars = 0;
        while (strchr("hljztLq", *p) && *p && length_chars < 2)
            length[length_chars++] = *p++;
        char conversion = *p;
        if (conversion == '\0')
            return -1;
        if (conversion == '[') {
            p++;
            if (*p == '^')
                p++;
            if (*p == ']')
                p++;
            while (*p && *p != ']')
                p++;
            if (!*p)
                return -1;
        }
        if (suppressed)
            continue;
        if (count == max_targets)
            return -1;
        io_target *t = &targets[count++];
        t->addr = va_arg(ap, void *);
        t->kind = IO_FIXED;
        t->counts = conversion != 'n';
        bool wide = length[0] == 'l';
        switch (conversion) {
        case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': case 'n':
            t->bytes = io_integer_size(length);
            break;
        case 'a': case 'A': case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
            t->bytes = length[0] == 'L' ? sizeof(long double)
                     : wide ? sizeof(double) : sizeof(float);
            break;
        case 'p':
            t->bytes = sizeof(void *);
            break;
        case 'c':
            t->bytes = (size_t)(width > 0 ? width : 1) * (wide ? sizeof(wchar_t) : 1);
            break;
        case 's': case '[':
            t->kind = wide ? IO_WIDE_STRING : IO_STRING;
            break;
        default:
            return -1;
        }
    }
    return count;
}

static size_t io_target_bytes(const io_target *t)
{
    switch (t->kind) {
    case IO_STRING:
        return strlen(t->addr) + 1;
    case IO_WIDE_STRING:
        return (wcslen(t->addr) + 1) * sizeof(wchar_t);
    default:
        return t->bytes;
    }
}

/* Which targets the scan assigned: the first 'assigned' counted ones, and
 * every %n (a %n not reached still holds the replicated value every process
 * has, so sending it changes nothing). */
static bool io_target_assigned(const io_target *t, int counted_before, int assigned)
{
    return t->counts ? counted_before < assigned : true;
}

static void io_share_targets(const io_target *targets, int count, int assigned)
{
    size_t total = 0;
    int counted = 0;
    if (io_here())
        for (int k = 0; k < count; k++) {
            if (io_target_assigned(&targets[k], counted, assigned))
                total += sizeof(uint64_t) + io_target_bytes(&targets[k]);
            counted += targets[k].counts;
        }
    uint64_t total_shared = total;
    io_share(&total_shared, sizeof total_shared);
    char *buf = dvmh_xmalloc(total_shared);
    if (io_here()) {
        char *p = buf;
        counted = 0;
        for (int k = 0; k < count; k++) {
            if (io_target_assigned(&targets[k], counted, assigned)) {
                uint64_t bytes = io_target_bytes(&targets[k]);
                memcpy(p, &bytes, sizeof bytes);
                memcpy(p + sizeof bytes, targets[k].addr, bytes);
                p += sizeof bytes + bytes;
            }
            counted += targets[k].counts;
        }
    }
    io_share(buf, total_shared);
    if (!io_here()) {
        const char *p = buf;
        counted = 0;
        for (int k = 0; k < count; k++) {
            if (io_target_assigned(&targets[k], counted, assigned)) {
                uint64_t bytes;
                memcpy(&bytes, p, sizeof bytes);
                memcpy(targets[k].addr, p + sizeof bytes, bytes);
                p += sizeof bytes + bytes;
            }
            counted += targets[k].counts;
        }
    }
    free(buf);
}

static int io_vfscanf(FILE *f, const char *fmt, va_list ap)
{
    io_before_read(f);
    enum { MAX_TARGETS = 128 };
    io_target targets[MAX_TARGETS];
    va_list walk;
    va_copy(walk, ap);
    int count = io_scan_targets(fmt, walk, targets, MAX_TARGETS);
    va_end(walk);
    if (count < 0)
        dvmh_fatal(__FILE__, __LINE__,
                   "not supported yet: scanf format \"%s\" on several processes", fmt);
    int assigned = 0;
    if (io_here())
        assigned = vfscanf(f, fmt, ap);
    assigned = (int)io_share_result(assigned);
    if (comm_process_count() > 1 && assigned != EOF)
        io_share_targets(targets, count, assigned);
    return assigned;
}

int dvmh_fscanf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int result = io_vfscanf(f, fmt, ap);
    va_end(ap);
    return result;
}

int dvmh_scanf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int result = io_vfscanf(stdin, fmt, ap);
    va_end(ap);
    return result;
}

/* ------------------------------------------------------------------------
 * Binary I/O, of ordinary data and of distributed arrays
 * ------------------------------------------------------------------------ */

/* The rewriter passes a distributed array as its descriptor cast to the
 * element pointer type; the runtime knows its descriptors. */
static dvmh_array *io_distributed(const void *ptr)
{
    return ptr && array_is_array(ptr) ? (dvmh_array *)ptr : NULL;
}

static char *io_local_addr(const dvmh_array *a, const dvmh_idx *idx)
{
    dvmh_idx offset = a->head.origin;
    for (int d = 0; d < a->head.rank; d++)
        offset += idx[d] * a->head.stride[d];
    return a->head.host_data + offset * (dvmh_idx)a->head.elem_size;
}

/* Offset, in elements, of a global index in the row-major whole array. */
static dvmh_idx io_global_offset(const dvmh_array *a, const dvmh_idx *idx)
{
    dvmh_idx offset = 0;
    for (int d = 0; d < a->head.rank; d++)
        offset = offset * a->size[d] + idx[d];
    return offset;
}

/* Copies box b between local memory and 'global', the row-major whole
 * array's elements [first, limit) (elements outside are skipped). */
static void io_copy_box(const dvmh_array *a, const box *b, char *global, dvmh_idx first,
                        dvmh_idx limit, bool to_global)
{
    if (box_is_empty(b))
        return;
    size_t es = a->head.elem_size;
    int last = b->rank - 1;
    dvmh_idx idx[DVMH_MAX_RANK];
    for (int d = 0; d < b->rank; d++)
        idx[d] = b->lo[d];
    do {
        dvmh_idx start = io_global_offset(a, idx);
        dvmh_idx skip = start < first ? first - start : 0;
        dvmh_idx end = start + (b->hi[last] - b->lo[last] + 1);
        if (end > limit)
            end = limit;
        if (start + skip < end) {
            dvmh_idx at[DVMH_MAX_RANK];
            memcpy(at, idx, sizeof at);
            at[last] += skip;
            char *local = io_local_addr(a, at), *whole = global + (start + skip - first) * (dvmh_idx)es;
            size_t bytes = (size_t)(end - start - skip) * es;
            if (to_global)
                memcpy(whole, local, bytes);
            else
                memcpy(local, whole, bytes);
        }
    } while (box_next_row(b, idx));
}

/* Packs box b of the local memory into 'packed', row-major in the box. */
static void io_pack_box(const dvmh_array *a, const box *b, char *packed)
{
    box_copy c = {.rank = b->rank, .elem_size = a->head.elem_size, .dst = packed,
                  .src = io_local_addr(a, b->lo)};
    dvmh_idx stride = 1;
    for (int d = b->rank - 1; d >= 0; d--) {
        c.count[d] = b->hi[d] - b->lo[d] + 1;
        c.src_stride[d] = a->head.stride[d];
        c.dst_stride[d] = stride;
        stride *= c.count[d];
    }
    box_copy_rows(&c);
}

/* Places a packed box into 'global', the whole array's elements [first,
 * limit). */
static void io_unpack_to_global(const dvmh_array *a, const box *b, const char *packed,
                                char *global, dvmh_idx first, dvmh_idx limit)
{
    size_t es = a->head.elem_size;
    int last = b->rank - 1;
    dvmh_idx row = b->hi[last] - b->lo[last] + 1;
    dvmh_idx idx[DVMH_MAX_RANK];
    for (int d = 0; d < b->rank; d++)
        idx[d] = b->lo[d];
    do {
        dvmh_idx start = io_global_offset(a, idx);
        dvmh_idx skip = start < first ? first - start : 0;
        dvmh_idx end = start + row > limit ? limit : start + row;
        if (start + skip < end)
            memcpy(global + (start + skip - first) * (dvmh_idx)es, packed + (size_t)skip * es,
                   (size_t)(end - start - skip) * es);
        packed += (size_t)row * es;
    } while (box_next_row(b, idx));
}

/* Box b cut to the rows (of its first dimension) that hold some of the
 * whole array's elements [first, limit). */
static box io_clip_box(const dvmh_array *a, box b, dvmh_idx first, dvmh_idx limit)
{
    dvmh_idx plane = 1;
    for (int d = 1; d < a->head.rank; d++)
        plane *= a->size[d];
    if (limit <= first) {
        b.hi[0] = b.lo[0] - 1;
        return b;
    }
    if (b.lo[0] < first / plane)
        b.lo[0] = first / plane;
    if (b.hi[0] > (limit - 1) / plane)
        b.hi[0] = (limit - 1) / plane;
    return b;
}

static box io_owned_box(const dvmh_array *a)
{
    box b = {a->head.rank, {0}, {0}};
    for (int d = 0; d < b.rank; d++) {
        b.lo[d] = a->head.owns_all ? 0 : a->head.own_lo[d];
        b.hi[d] = a->head.owns_all ? a->size[d] - 1 : a->head.own_hi[d];
    }
    return b;
}

static dvmh_idx io_array_total(const dvmh_array *a)
{
    dvmh_idx total = 1;
    for (int d = 0; d < a->head.rank; d++)
        total *= a->size[d];
    return total;
}

/* The bytes an fwrite/fread of size*n bytes from element 'first' moves
 * (no further than the array's end), and the end of the elements they
 * touch (the last one may be partly covered). */
static size_t io_array_bytes(const dvmh_array *a, dvmh_idx first, size_t size, size_t n,
                             dvmh_idx *limit)
{
    size_t es = a->head.elem_size;
    size_t room = (size_t)(io_array_total(a) - first) * es;
    size_t bytes = size * n < room ? size * n : room;
    *limit = first + (dvmh_idx)((bytes + es - 1) / es);
    return bytes;
}

/* Every process's owned part reaches the I/O process in turn (a broadcast
 * rooted at the owner, the only collective the comm layer offers), which
 * assembles the array in sequential order and writes it once. */
static size_t io_array_write(dvmh_array *a, dvmh_idx first, size_t size, size_t n, FILE *f)
{
    dvmh_get_actual_array(__FILE__, __LINE__, a, NULL);
    indirect_share_all(a); /* an indirect dimension: every value from its owner */
    dvmh_idx limit;
    size_t want = io_array_bytes(a, first, size, n, &limit);
    size_t es = a->head.elem_size;
    char *global = io_here() ? dvmh_xmalloc((size_t)(limit - first) * es + 1) : NULL;
    box mine = io_clip_box(a, io_owned_box(a), first, limit);
    if (io_here())
        io_copy_box(a, &mine, global, first, limit, true);
    /* Boxes already sent are not sent again by their replicas. */
    int count = comm_process_count();
    box *sent = dvmh_xmalloc(sizeof(box) * (size_t)count);
    sent[0] = mine;
    comm_bcast(&sent[0], sizeof sent[0], 0);
    for (int root = 1; root < count; root++) {
        box *theirs = &sent[root];
        *theirs = mine;
        comm_bcast(theirs, sizeof *theirs, root);
        size_t bytes = (size_t)box_volume(theirs) * es;
        bool replica = false;
        for (int earlier = 0; earlier < root && !replica; earlier++)
            replica = box_equal(&sent[earlier], theirs);
        if (bytes == 0 || replica)
            continue;
        char *packed = dvmh_xmalloc(bytes);
        if (comm_process_rank() == root)
            io_pack_box(a, theirs, packed);
        comm_bcast(packed, bytes, root);
        if (io_here())
            io_unpack_to_global(a, theirs, packed, global, first, limit);
        free(packed);
    }
    free(sent);
    size_t written = 0;
    if (io_here()) {
        written = fwrite(global, 1, want, f) / size;
        free(global);
    }
    return (size_t)io_share_result((long)written);
}

/* The I/O process reads the bytes; every process takes from them its
 * allocated part (owned elements and shadow edges). */
static size_t io_array_read(dvmh_array *a, dvmh_idx first, size_t size, size_t n, FILE *f)
{
    dvmh_get_actual_array(__FILE__, __LINE__, a, NULL);
    dvmh_idx limit;
    size_t want = io_array_bytes(a, first, size, n, &limit);
    size_t es = a->head.elem_size;
    char *global = dvmh_xmalloc((size_t)(limit - first) * es + 1);
    size_t got = 0;
    if (io_here())
        got = fread(global, 1, want, f);
    got = (size_t)io_share_result((long)got);
    io_share(global, got);
    box allocated = {a->head.rank, {0}, {0}};
    for (int d = 0; d < allocated.rank; d++) {
        allocated.lo[d] = a->alloc_lo[d] > 0 ? a->alloc_lo[d] : 0;
        allocated.hi[d] = a->alloc_hi[d] < a->size[d] - 1 ? a->alloc_hi[d] : a->size[d] - 1;
    }
    dvmh_idx whole = first + (dvmh_idx)(got / es);
    box part = io_clip_box(a, allocated, first, whole);
    io_copy_box(a, &part, global, first, whole, false);
    if (got % es) {
        /* the bytes of an element the read ends inside, where it lies */
        dvmh_idx idx[DVMH_MAX_RANK], rest = whole;
        bool here = true;
        for (int d = a->head.rank - 1; d >= 0; d--) {
            idx[d] = rest % a->size[d];
            rest /= a->size[d];
            here &= idx[d] >= allocated.lo[d] && idx[d] <= allocated.hi[d];
        }
        if (here)
            memcpy(io_local_addr(a, idx), global + (size_t)(whole - first) * es, got % es);
    }
    free(global);
    dvmh_actual_array(__FILE__, __LINE__, a, NULL);
    return got / size;
}

/* fread(&A[i][j], ...), fwrite(A[i], ...): the element the rewriter
 * names through dvmh_io_at; whatever else the program passes is a
 * pointer of its own. */
static struct {
    dvmh_array *array;
    dvmh_idx first;
} io_at;

void *dvmh_io_at(const char *file, int line, dvmh_array *a, int count, const dvmh_idx *idx)
{
    if (!array_is_array(a) || !a->allocated)
        dvmh_fatal(file, line, "fread/fwrite of an element of a distributed array that is not "
                               "allocated");
    dvmh_idx first = 0;
    for (int d = 0; d < a->head.rank; d++) {
        dvmh_idx i = d < count ? idx[d] : 0;
        if (i < 0 || i >= a->size[d])
            dvmh_fatal(file, line, "fread/fwrite from index %lld of dimension %d of the "
                                   "distributed array '%s' of extent %lld",
                       (long long)i, d + 1, a->name[0] ? a->name : "?", (long long)a->size[d]);
        first = first * a->size[d] + i;
    }
    io_at.array = a;
    io_at.first = first;
    return &io_at;
}

/* The array and first element a buffer names, or NULL for ordinary memory. */
static dvmh_array *io_array_at(const void *ptr, dvmh_idx *first)
{
    *first = 0;
    if (ptr == &io_at) {
        *first = io_at.first;
        return io_at.array;
    }
    return io_distributed(ptr);
}

size_t dvmh_fwrite(const void *ptr, size_t size, size_t n, FILE *f)
{
    dvmh_idx first;
    dvmh_array *a = io_array_at(ptr, &first);
    if (a)
        return io_array_write(a, first, size, n, f);
    size_t written = 0;
    if (io_here()) {
        written = fwrite(ptr, size, n, io_out(f));
    }
    return (size_t)io_share_result((long)written);
}

size_t dvmh_fread(void *ptr, size_t size, size_t n, FILE *f)
{
    io_before_read(f);
    dvmh_idx first;
    dvmh_array *a = io_array_at(ptr, &first);
    if (a)
        return io_array_read(a, first, size, n, f);
    size_t got = 0;
    if (io_here())
        got = fread(ptr, size, n, f);
    got = (size_t)io_share_result((long)got);
    io_share(ptr, got * size);
    return got;
}
