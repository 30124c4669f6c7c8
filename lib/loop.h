/* loop.h: the parallel loop module's own view of a loop, shared by its stages. */
#ifndef DVMH_LOOP_H
#define DVMH_LOOP_H

#include "actual.h"
#include "boxes.h"
#include "comm.h"
#include "dvmh.h"

#include <stdbool.h>
#include <stddef.h>

/* The stages: loop.c builds a loop and runs it through loop_comm.c
 * (exchanges with other processes), loop_piece.c (the local part in pieces
 * on the devices, or compare.c's comparative run) and loop_reduce.c. */

typedef struct loop_data {
    dvmh_array *array;              /* NULL: ordinary data */
    const void *addr;
    int rank;
    dvmh_idx ext[DVMH_MAX_RANK];    /* ordinary data: ext[0] resolved */
    size_t elem_size;
    unsigned access;
    var *var;                       /* NULL: memory the runtime does not know */
    const char *name;               /* the program's name (messages) */
    int type;                       /* element type (comparative debugging) */
    /* which elements an iteration touches: map[d] gives dimension d in terms
     * of a loop dimension (ANY: the whole dimension); reads reach reach_lo/hi
     * further (given by the compiler, else the shadow widths) */
    bool tied;
    dvmh_rule map[DVMH_MAX_RANK];
    int reach_dim[DVMH_MAX_RANK];   /* -1: unknown */
    dvmh_idx reach_lo[DVMH_MAX_RANK], reach_hi[DVMH_MAX_RANK];
} loop_data;

typedef struct loop_reduction {
    int op, type, count;
    void *var, *loc;
    size_t var_bytes, loc_bytes;
    size_t loc_elem;                /* one element of loc (its ties: reduce_loc_order) */
    unsigned char *slots;           /* per thread: var then loc */
    int slot_count;
    unsigned char *acc;             /* pieces folded so far: var then loc */
} loop_reduction;

typedef struct loop_across {
    int data;
    dvmh_idx flow[DVMH_MAX_RANK], anti[DVMH_MAX_RANK];
    bool skewed;                    /* dvmh_loop_across_skewed */
} loop_across;

typedef struct loop_shadow {
    int data;
    bool all;
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
    int corner;
    const char *edge;               /* shadow_renew(A["name"]): a shadow_add edge */
} loop_shadow;

/* A GPU piece's reduction result on its way to a slot: copied
 * asynchronously to page-locked memory, put in the slot once the device
 * is synchronised (red_piece_results). */
typedef struct loop_result {
    int device, red;
    unsigned char *slot;
    const void *var, *loc;
} loop_result;

struct dvmh_loop {
    const char *file;
    int line;
    int rank;
    dvmh_idx first[DVMH_MAX_RANK], last[DVMH_MAX_RANK], step[DVMH_MAX_RANK];
    void *target;
    const char *target_name;        /* the program's name of the target (messages) */
    dvmh_rule rules[DVMH_MAX_RANK];
    loop_data *data;
    int data_count;
    const void **scalars;
    int scalar_count;
    loop_reduction *reds;
    int red_count;
    loop_shadow *shadows;
    int shadow_count;
    bool across;                    /* across on distributed arrays (pipelined between processes) */
    bool ordered;                   /* any across: its pieces run in iteration order */
    bool across_ordinary;           /* across on ordinary data (no widths kept) */
    /* across on ordinary data, per loop dimension (dvmh_loop_across_dims):
     * the threads' pipeline knows its widths when every such clause item
     * gave them */
    int ord_across, ord_described;
    dvmh_idx ord_width[DVMH_MAX_RANK];
    bool ord_skewed;
    bool pieces_independent;        /* piece_make: the pieces may run at once */
    loop_across *acrosses;
    int across_count;
    dvmh_idx stage;
    int *remotes;                   /* data indexes read through remote_access */
    dvmh_rule (*remote_rules)[DVMH_MAX_RANK];
    int remote_count;
    comm_remote_view *remote_views; /* per remote: own part and fetched box */
    dvmh_handler host_handler, cuda_handler;
    int thread_limit;               /* > 0: at most this many host threads per piece */
    bool host_only;                 /* dvmh_loop_host_only */
    loop_result *results;
    int result_count;
    /* check mode (check.c): the loop variables' names (NULL: not checked),
     * this run's number, the whole loop's iterations (first, last, step
     * keep the local part's once it is known) */
    const char *check_vars;
    struct check_data *check_data;  /* per datum: what to check */
    uint32_t check_epoch;
    dvmh_idx check_first[DVMH_MAX_RANK], check_last[DVMH_MAX_RANK];
    dvmh_idx check_count[DVMH_MAX_RANK];  /* iterations per dimension (iteration numbers) */
};

typedef struct thread_pipe thread_pipe;
typedef struct thread_share thread_share;

struct dvmh_piece_private {
    dvmh_loop *loop;
    int device;
    struct thread_pipe *pipe;       /* thread_pipe.c: NULL unless pipelined */
    thread_share *share;            /* thread_pipe.c: the threads' blocks (dvmh_thread_next) */
    /* the piece's own reduction slots (per reduction: slot_count[k]
     * threads' var then loc), taken from the loop's at launch so that a
     * piece running on its own thread never sees another piece's */
    unsigned char **slots;
    int *slot_count;
};

/* Loop ranges this wide are the runtime's stand-in for bounds that use
 * outer loop variables: their touched range is unknown. */
#define LOOP_RANGE_UNKNOWN ((dvmh_idx)1 << 50)

/* One device's share of the loop's local part. */
typedef struct loop_piece {
    int device;
    int threads;                    /* handler threads; 0: the device's (dynamic mode tries others) */
    dvmh_idx first[DVMH_MAX_RANK], last[DVMH_MAX_RANK];
} loop_piece;

/* thread_pipe.c: the state dvmh_thread_next shares between the piece's
 * threads (up to threads of them), made before its handler runs; balance:
 * threads that finish their blocks early take iterations of the others'
 * (the loop's reductions do not depend on the order, and
 * DVMH_THREAD_BALANCE is not 0). thread_share_reset before the handler
 * runs again on the same piece. */
thread_share *thread_share_new(const dvmh_loop *l, int threads);
void thread_share_reset(thread_share *sh);
void thread_share_free(thread_share *sh);
/* DVMH_THREAD_BALANCE, checked at start-up */
void thread_share_start(void);

/* loop_piece.c */
/* The remote_access view of datum k when it has a buffer of its own
 * (else the loop reads the array's own memory, remote elements fetched
 * into its shadow edges). */
const comm_remote_view *piece_buffer_view(const dvmh_loop *l, int k);
/* Which elements of each datum an iteration touches (loop_data.map): the
 * 'tie' rules, else composed through the 'on' target. */
void piece_compute_maps(dvmh_loop *l);
/* Owner computes: keeps the iterations whose 'on' element is local. */
bool piece_local_part(dvmh_loop *l);
/* The boxes of d's variable that iterations [first, last] touch: written
 * elements (widen false) or read ones (widen: plus the reach or shadow). */
void piece_data_boxes(const loop_data *d, const dvmh_idx *first, const dvmh_idx *last,
                      bool widen, box_set *out);
/* Iterations first..last (in the loop's order) as inclusive ranges, lower
 * first. */
void piece_iteration_range(const dvmh_loop *l, const dvmh_idx *first, const dvmh_idx *last,
                           dvmh_idx *lo, dvmh_idx *hi);
/* The number of iterations of the piece (the product over its
 * dimensions). */
long long piece_iteration_count(const dvmh_loop *l, const loop_piece *p);
/* The loop's handler for device dev (CUDA or host kind), NULL if none. */
dvmh_handler piece_handler(const dvmh_loop *l, int dev);
/* loop_split.c */
/* The pieces of the local part (l->first..last), in iteration order, sized
 * by the scheduling mode (schedule.h). An
 * across loop whose dependence runs along the dimension the pieces would
 * split runs whole on the fastest device when that is quicker than its
 * pieces one after another (unequal weights); one whose dependences run
 * along other dimensions is split, its pieces independent
 * (l->pieces_independent). */
int piece_make(dvmh_loop *l, loop_piece *pieces);
/* Makes what the piece touches actual on its device; 'out' and 'local'
 * region data are claimed there instead of copied in. */
void piece_actualize(dvmh_loop *l, const loop_piece *p);
/* Calls fn for each box of each datum the piece wrote (data read through
 * remote_access views excluded: lcomm_finish_remotes handles them), until fn
 * returns false. */
typedef bool (*piece_box_fn)(dvmh_loop *l, const loop_piece *p, loop_data *d, const box *b);
void piece_for_each_written_box(dvmh_loop *l, const loop_piece *p, piece_box_fn fn);
/* What the piece wrote is actual on its device only. */
void piece_written(dvmh_loop *l, const loop_piece *p);
/* loop_run.c */
/* Runs the piece's handler on its device and waits for it. */
void piece_run(dvmh_loop *l, const loop_piece *p);
/* Runs a host piece's handler once per range of loop dimension d
 * (ranges[k][0]..ranges[k][1], inside the piece), with one thread for
 * ranges shorter than short_range: the piece is set up once, and the
 * reductions folded after each range. */
void piece_run_ranges(dvmh_loop *l, const loop_piece *p, int d, const dvmh_idx (*ranges)[2],
                      size_t count, dvmh_idx short_range);
/* Runs the pieces; the accelerators' pieces (GPUs, emulated ones on their
 * threads) overlap the host's where they are independent. Their times go
 * to the scheduler (schedule_record). */
void piece_run_all(dvmh_loop *l, loop_piece *pieces, int n);

/* loop_comm.c */
/* The loop's shadow_renew clauses on several processes: the edges leave
 * from the host copies of the owners and arrive in the host copies. */
void lcomm_renew_shadows(dvmh_loop *l);
/* remote_access: every process fetches the box its part of the loop reads
 * (collective, so processes without iterations take part too); the handler
 * sees the array through a view holding its own part and that box. */
void lcomm_fetch_remotes(dvmh_loop *l, bool has_part);
/* Writes through a view reach the array's own part. */
void lcomm_finish_remotes(dvmh_loop *l);
/* across on several processes: a pipeline in stages along one loop
 * dimension (comm_across_*); each stage's piece runs once its
 * predecessors' edge of that stage has arrived. */
void lcomm_run_across(dvmh_loop *l);
/* Whether an across width of the loop lies along an array dimension divided
 * between processes (else every dependence stays within each process: the
 * loop runs like any other, on the devices, without a pipeline). */
bool lcomm_across_crosses(const dvmh_loop *l);

/* loop_reduce.c */
/* A piece's threads each get a slot per reduction holding its identity
 * (and the loc before the loop); an accelerator's results travel to the
 * host (counted). */
void red_piece_slots(dvmh_loop *l, int threads, bool accelerator);
/* A device_piece's callback (arg: the piece's dvmh_piece_private):
 * reduction k's result of the piece will be at var (and loc) once the
 * device is synchronised. */
void red_result_later(void *arg, int k, const void *var, const void *loc);
/* The results of dev's pieces, now that it is synchronised, into their
 * slots. */
void red_piece_results(dvmh_loop *l, int dev);
/* Folds the threads' results of the pieces run so far into each
 * reduction's accumulator (identity at first), in thread order. */
void red_fold(dvmh_loop *l);
/* The same for a host piece's own slots (slots[k], counts[k] of reduction
 * k), which go back to the identity: the piece runs again over another
 * range (piece_run_ranges). */
void red_fold_again(dvmh_loop *l, unsigned char *const *slots, const int *counts);
/* The variable becomes: its value before the loop, combined with every
 * thread's result in thread order, then with every process's in rank
 * order. */
void red_finish(dvmh_loop *l);

#endif
