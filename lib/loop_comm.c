/* loop_comm.c: a parallel loop's exchanges with other processes. */
#include "loop.h"
#include "actual.h"
#include "alloc.h"
#include "array.h"
#include "boxes.h"
#include "comm.h"
#include "compare.h"
#include "device.h"
#include "distrib.h"
#include "loop_stage.h"
#include "stats.h"
#include "trace.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The edges a shadow renewal of a sends from its own part (border) and
 * receives into its shadow (received), widths lo/hi (NULL: allocated). */
static void shadow_edges(const dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, int corner,
                         box_set *border, box_set *received)
{
    int r = a->head.rank;
    box own, whole;
    array_own_box(a, &own);
    array_local_box(a, &whole);
    if (box_is_empty(&own))
        return;
    dvmh_idx wlo[DVMH_MAX_RANK], whi[DVMH_MAX_RANK];
    for (int d = 0; d < r; d++) {
        wlo[d] = lo ? lo[d] : own.lo[d] - whole.lo[d];
        whi[d] = hi ? hi[d] : whole.hi[d] - own.hi[d];
    }
    for (int d = 0; d < r; d++) {
        box in = own, out = own;
        for (int e = 0; corner && e < r; e++)
            if (e != d) {
                out.lo[e] -= wlo[e];
                out.hi[e] += whi[e];
            }
        box sides[4] = {in, in, out, out};
        sides[0].hi[d] = own.lo[d] + whi[d] - 1;      /* goes to the lower neighbour */
        sides[1].lo[d] = own.hi[d] - wlo[d] + 1;      /* to the upper one */
        sides[2].lo[d] = own.lo[d] - wlo[d];          /* comes from below */
        sides[2].hi[d] = own.lo[d] - 1;
        sides[3].lo[d] = own.hi[d] + 1;               /* from above */
        sides[3].hi[d] = own.hi[d] + whi[d];
        for (int k = 0; k < 4; k++) {
            box clipped;
            if (box_intersect(&sides[k], k < 2 ? &own : &whole, &clipped))
                box_set_add_box(k < 2 ? border : received, &clipped);
        }
    }
}

/* comm_shadow_renew of a: the edges leave from the host copy and arrive in
 * it, so with accelerators the border comes to the host first and what
 * arrived is marked written there (with the host alone it holds
 * everything). Returns the bytes sent. */
static size_t renew_through_host(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, int corner)
{
    box_set border, received;
    box_set_init(&border, a->head.rank);
    box_set_init(&received, a->head.rank);
    if (device_count() > 1)
        shadow_edges(a, lo, hi, corner, &border, &received);
    for (int m = 0; m < border.count; m++)
        var_actualize(a->var, 0, &border.boxes[m], MOVE_SHADOW);
    size_t sent = comm_shadow_renew(a, lo, hi, corner);
    for (int m = 0; m < received.count; m++)
        var_written(a->var, 0, &received.boxes[m]);
    box_set_free(&border);
    box_set_free(&received);
    return sent;
}

void lcomm_renew_shadows(dvmh_loop *l)
{
    for (int k = 0; k < l->shadow_count; k++) {
        const loop_shadow *s = &l->shadows[k];
        dvmh_array *a = l->data[s->data].array;
        const dvmh_idx *lo = s->all ? NULL : s->lo, *hi = s->all ? NULL : s->hi;
        if (s->edge || a->ind.dim >= 0) {
            /* an indirect dimension has no widths: its named edges (all of
             * them for a plain shadow_renew(A)); checked on one process too */
            indirect_renew_edge(l->file, l->line, a, s->edge);
            continue;
        }
        if (comm_process_count() == 1)
            continue; /* one process: the devices' copies are actualized per piece */
        double t0 = dvmh_wtime();
        size_t sent = renew_through_host(a, lo, hi, s->corner);
        var_count_processes(a->var, MOVE_SHADOW, sent, t0);
    }
}

/* Whether remote reference k is the first to its array (the later ones
 * share its view). */
static bool remote_first(const dvmh_loop *l, int k)
{
    for (int m = 0; m < k; m++)
        if (l->remotes[m] == l->remotes[k])
            return false;
    return true;
}

void lcomm_fetch_remotes(dvmh_loop *l, bool has_part)
{
    /* one process: everything is local (the pieces still actualize what the
     * references read on their devices) */
    if (l->remote_count == 0 || comm_process_count() == 1)
        return;
    l->remote_views = dvmh_xcalloc((size_t)l->remote_count, sizeof *l->remote_views);
    for (int k = 0; k < l->remote_count; k++) {
        if (!remote_first(l, k))
            continue; /* merged into an earlier reference to the same array */
        dvmh_array *a = l->data[l->remotes[k]].array;
        dvmh_idx box_lo[DVMH_MAX_RANK], box_hi[DVMH_MAX_RANK];
        /* every reference to this array (B[i-1][j], B[i+1][j]) shares one
         * view: the bounding box of their boxes */
        for (int d = 0; d < a->head.rank; d++) {
            box_lo[d] = INT64_MAX;
            box_hi[d] = INT64_MIN;
        }
        for (int m = k; m < l->remote_count; m++) {
            if (l->remotes[m] != l->remotes[k])
                continue;
            for (int d = 0; d < a->head.rank; d++) {
                const dvmh_rule *r = &l->remote_rules[m][d];
                dvmh_idx lo = 0, hi = a->size[d] - 1;
                if (r->kind == DVMH_RULE_CONST) {
                    lo = hi = r->b;
                } else if (r->kind == DVMH_RULE_LINEAR) {
                    dvmh_idx x = r->a * l->first[r->dim] + r->b, y = r->a * l->last[r->dim] + r->b;
                    lo = x < y ? x : y;
                    hi = x < y ? y : x;
                }
                if (lo < box_lo[d])
                    box_lo[d] = lo;
                if (hi > box_hi[d])
                    box_hi[d] = hi;
            }
        }
        for (int d = 0; d < a->head.rank; d++) {
            dvmh_idx lo = box_lo[d], hi = box_hi[d];
            box_lo[d] = lo < 0 ? 0 : lo;
            box_hi[d] = hi > a->size[d] - 1 ? a->size[d] - 1 : hi;
            if (!has_part) {
                box_lo[d] = 1;
                box_hi[d] = 0;
            }
        }
        /* owners serve remote elements from their host copies */
        var_actualize_host_all(a->var, MOVE_REMOTE);
        double t0 = dvmh_wtime();
        size_t sent = comm_remote_view_begin(a, box_lo, box_hi, &l->remote_views[k]);
        var_count_processes(a->var, MOVE_REMOTE, sent, t0);
        if (!l->remote_views[k].buffer && has_part) {
            /* fetched into the host copy's shadow edges: devices' copies of
             * them are out of date */
            box fetched = {.rank = a->head.rank}, own;
            for (int d = 0; d < a->head.rank; d++) {
                fetched.lo[d] = box_lo[d];
                fetched.hi[d] = box_hi[d];
            }
            array_own_box(a, &own);
            box parts[2 * DVMH_MAX_RANK];
            int n = box_subtract(&fetched, &own, parts);
            for (int m = 0; m < n; m++)
                var_written(a->var, 0, &parts[m]);
        }
    }
}

void lcomm_finish_remotes(dvmh_loop *l)
{
    for (int k = 0; l->remote_views && k < l->remote_count; k++)
        if (remote_first(l, k)) {
            loop_data *d = &l->data[l->remotes[k]];
            /* a view with a buffer: the loop ran on the host and its writes
             * reach the host copy now; without one, the pieces' writes are
             * already where they ran (piece_written) */
            bool written = (d->access & DVMH_WRITE) != 0 && l->remote_views[k].buffer;
            comm_remote_view_end(d->array, &l->remote_views[k], written);
            if (written)
                var_written(d->var, 0, &d->var->whole);
        }
    free(l->remote_views);
}

/* Whether dimension x of array a is divided between several processes. */
static bool array_dim_split(const dvmh_array *a, int x)
{
    if (!a->aligned && !a->own_space.distributed)
        return false;
    dvmh_rule rules[DVMH_MAX_RANK];
    const distr_space *s = object_space_rules((void *)a, rules);
    for (int b = 0; s && b < s->rank; b++)
        if (rules[b].kind == DVMH_RULE_LINEAR && rules[b].dim == x && s->dim[b].axis >= 0 &&
            s->grid_dims[s->dim[b].axis] > 1)
            return true;
    return false;
}

bool lcomm_across_crosses(const dvmh_loop *l)
{
    for (int x = 0; x < l->across_count; x++) {
        const loop_across *ac = &l->acrosses[x];
        const dvmh_array *a = l->data[ac->data].array;
        for (int d = 0; d < a->head.rank; d++)
            if ((ac->flow[d] != 0 || ac->anti[d] != 0) && array_dim_split(a, d))
                return true;
    }
    return false;
}

/* The number of processes target dimension k of the loop is divided
 * between. */
static int target_dim_procs(const distr_space *space, const dvmh_rule *space_rules, int k)
{
    int procs = 1;
    for (int b = 0; b < space->rank; b++)
        if (space_rules[b].kind == DVMH_RULE_LINEAR && space_rules[b].dim == k &&
            space->dim[b].axis >= 0)
            procs = space->grid_dims[space->dim[b].axis];
    return procs;
}

/* The stage dimension: a loop dimension mapped (a = 1) to a target
 * dimension, preferring one divided between the fewest processes (the
 * pipeline then runs along the dimension the processes are not split in:
 * with rows split, stages of columns), then one no across array depends
 * along. With skewed references (A[i-1][j+1]) only the outermost loop
 * dimension keeps the loop's order. The stages go the loop's way, upwards
 * or downwards. Returns the target dimension, -1 if none. */
static int choose_stage(const dvmh_loop *l, bool skewed, const distr_space *space,
                        const dvmh_rule *space_rules)
{
    int stage_target_dim = -1, best_procs = 0;
    bool best_independent = false;
    for (int k = 0; k < object_rank(l->target); k++) {
        const dvmh_rule *r = &l->rules[k];
        if (r->kind != DVMH_RULE_LINEAR || (r->a != 1 && r->a != -1) ||
            (skewed && r->dim != 0))
            continue;
        bool independent = true;
        for (int x = 0; x < l->across_count; x++)
            independent &= l->acrosses[x].flow[k] == 0;
        int procs = target_dim_procs(space, space_rules, k);
        if (stage_target_dim < 0 || procs < best_procs ||
            (procs == best_procs && independent && !best_independent)) {
            stage_target_dim = k;
            best_procs = procs;
            best_independent = independent;
        }
    }
    return stage_target_dim;
}

/* Starts the pipelines of across array x: the flow edges of each stage
 * (pipes[0]), and with skewed references the edges on the anti side of
 * the other dimensions, one stage late (pipes[1]: A[i-1][j+1] of the
 * process holding column j+1, computed in the previous stage of rows). */
static void start_pipes(dvmh_loop *l, int x, int stage_target_dim, comm_across **pipes,
                        dvmh_idx (*widths)[DVMH_MAX_RANK])
{
    /* Where a dimension's iterations run downwards, the new values come
     * from above (the anti widths) and the old ones from below. */
    const loop_across *ac = &l->acrosses[x];
    dvmh_array *a = l->data[ac->data].array;
    dvmh_idx flow[DVMH_MAX_RANK], late[DVMH_MAX_RANK], old_lo[DVMH_MAX_RANK],
        old_hi[DVMH_MAX_RANK];
    bool old = false, any_late = false;
    for (int d = 0; d < a->head.rank; d++) {
        const dvmh_rule *r = &l->rules[d];
        bool down = r->kind == DVMH_RULE_LINEAR && r->a * l->step[r->dim] < 0;
        flow[d] = down ? -ac->anti[d] : ac->flow[d];
        late[d] = d == stage_target_dim ? flow[d] : down ? ac->flow[d] : -ac->anti[d];
        any_late |= d != stage_target_dim && late[d] != 0;
        old_lo[d] = down ? ac->flow[d] : 0;
        old_hi[d] = down ? 0 : ac->anti[d];
        if (ac->skewed && d != stage_target_dim) {
            /* A[i+1][j-1] is read before its new value arrives */
            old_lo[d] = ac->flow[d];
            old_hi[d] = ac->anti[d];
        }
        old |= old_lo[d] > 0 || old_hi[d] > 0;
    }
    if (old)
        renew_through_host(a, old_lo, old_hi, 1);
    pipes[0] = comm_across_start(a, flow, stage_target_dim);
    pipes[1] = ac->skewed && any_late ? comm_across_start(a, late, stage_target_dim) : NULL;
    memcpy(widths[0], flow, sizeof flow);
    memcpy(widths[1], late, sizeof late);
}

/* The elements an across pipe of widths w (w[d] > 0: new values come from
 * below in dimension d, < 0: from above) moves in stage [lo, hi] of array
 * dimension sd: with send, those this process sends, its faces toward the
 * processes that read them (a diagonal neighbour's corner lies in a face);
 * else those it receives into its shadow edges (the corners outside two
 * faces too). */
static void across_edges(const dvmh_array *a, const dvmh_idx *w, int sd, dvmh_idx lo, dvmh_idx hi,
                         bool send, box_set *out)
{
    int r = a->head.rank;
    box own, slab, own_slab, cut;
    array_own_box(a, &own);
    if (box_is_empty(&own))
        return;
    slab.rank = r;
    for (int d = 0; d < r; d++) {
        slab.lo[d] = 0;
        slab.hi[d] = a->size[d] - 1;
    }
    slab.lo[sd] = lo > slab.lo[sd] ? lo : slab.lo[sd];
    slab.hi[sd] = hi < slab.hi[sd] ? hi : slab.hi[sd];
    /* a stage may hold none of the own part and still bring a corner */
    if (!box_intersect(&own, &slab, &own_slab) && send)
        return;
    for (int d = 0; d < r; d++) {
        if (w[d] == 0)
            continue;
        dvmh_idx width = w[d] > 0 ? w[d] : -w[d];
        /* the side the new values come from, the one they go to */
        bool from = w[d] > 0 ? own.lo[d] > 0 : own.hi[d] < a->size[d] - 1;
        bool to = w[d] > 0 ? own.hi[d] < a->size[d] - 1 : own.lo[d] > 0;
        box b = own;
        if (send && to) {
            b.lo[d] = w[d] > 0 ? own.hi[d] - width + 1 : own.lo[d];
            b.hi[d] = w[d] > 0 ? own.hi[d] : own.lo[d] + width - 1;
        } else if (!send && from) {
            for (int e = 0; e < r; e++)
                if (e != d && w[e] != 0)
                    *(w[e] > 0 ? &b.lo[e] : &b.hi[e]) -= w[e];
            b.lo[d] = w[d] > 0 ? own.lo[d] - width : own.hi[d] + 1;
            b.hi[d] = w[d] > 0 ? own.lo[d] - 1 : own.hi[d] + width;
        } else {
            continue;
        }
        /* what is sent lies in the own part, what arrives in the edges */
        if (box_intersect(&b, send ? &own_slab : &slab, &cut))
            box_set_add_box(out, &cut);
    }
}

/* On an accelerator: before a pipe sends stage [lo, hi], what it sends
 * there comes to the host copy; after it received, what arrived is marked
 * written on the host (the next stage's piece then brings it to the
 * accelerator). The received boxes lie outside the own part, where only
 * messages write: marking them never hides a newer value of the
 * accelerator's copy. */
static void across_edges_move(const dvmh_array *a, const dvmh_idx *w, int sd, dvmh_idx lo,
                              dvmh_idx hi, bool send)
{
    box_set edges;
    box_set_init(&edges, a->head.rank);
    across_edges(a, w, sd, lo, hi, send, &edges);
    for (int m = 0; m < edges.count; m++) {
        if (send)
            var_actualize(a->var, 0, &edges.boxes[m], MOVE_ACROSS);
        else
            var_written(a->var, 0, &edges.boxes[m]);
    }
    box_set_free(&edges);
}

/* Where the stages go: loop dimension dim (target dimension
 * target_dim, index = iteration + shift) from first to last by step; this
 * process's part local_first..local_last (if has_part). */
typedef struct across_span {
    int dim, target_dim;
    /* the target's index of iteration i of the stage dimension: coef*i + shift
     * (coef 1, or -1: on A[N-1-i]) */
    dvmh_idx first, last, step, coef, shift, local_first, local_last;
    bool has_part;
    loop_piece device;              /* device 0: the host copies; else the piece's device */
    dvmh_idx (*widths)[DVMH_MAX_RANK]; /* each pipe's widths (start_pipes) */
    const dvmh_idx *shifts;         /* each across array's index of target index t: t + shift */
} across_span;

/* Runs the loop in stages of run->stage iterations of the stage dimension:
 * each receives its flow edges, runs this process's part (on the host
 * copies, or on one accelerator, whose copy exchanges only the stage's
 * edges with the host's) and sends its edges on (non-blocking: the next
 * stage computes while they travel; comm_across_finish waits for them). */
static void run_stages(dvmh_loop *l, const across_span *sp, comm_across **pipes, stage_run *run)
{
    dvmh_idx stage = run->stage, step = sp->step;
    bool up = step > 0;
    bool index_up = sp->coef * step > 0; /* the stages go up the target's indices */
    /* each across array's index range of the previous stage */
    dvmh_idx *prev = dvmh_xmalloc(sizeof *prev * 4 * (size_t)l->across_count);
    dvmh_idx *range = prev + 2 * l->across_count;
    for (int x = 0; x < l->across_count; x++) {
        prev[2 * x] = 0;
        prev[2 * x + 1] = -1;
    }
    for (dvmh_idx first = sp->first; up ? first <= sp->last : first >= sp->last;
         first += stage * step) {
        dvmh_idx last = first + (stage - 1) * step;
        if (up ? last > sp->last : last < sp->last)
            last = sp->last;
        /* the stage's target index range */
        dvmh_idx u = sp->coef * first + sp->shift, v = sp->coef * last + sp->shift;
        dvmh_idx tlo = index_up ? u : v, thi = index_up ? v : u;
        double stage_started = dvmh_wtime();
        bool on_device = sp->device.device != 0;
        for (int x = 0; x < l->across_count; x++) {
            /* each array's index range of the stage; the first stage
             * reaches back to the array's edge the loop starts from, the
             * last one on to the other */
            const dvmh_array *a = l->data[l->acrosses[x].data].array;
            dvmh_idx size = a->size[sp->target_dim];
            dvmh_idx lo = tlo + sp->shifts[x], hi = thi + sp->shifts[x];
            if (first == sp->first)
                *(index_up ? &lo : &hi) = index_up ? 0 : size - 1;
            if (last == sp->last)
                *(index_up ? &hi : &lo) = index_up ? size - 1 : 0;
            range[2 * x] = lo;
            range[2 * x + 1] = hi;
            comm_across_recv(pipes[2 * x], lo, hi);
            if (on_device)
                across_edges_move(a, sp->widths[2 * x], sp->target_dim, lo, hi, false);
            if (pipes[2 * x + 1] && prev[2 * x] <= prev[2 * x + 1]) {
                comm_across_recv(pipes[2 * x + 1], prev[2 * x], prev[2 * x + 1]);
                if (on_device)
                    across_edges_move(a, sp->widths[2 * x + 1], sp->target_dim, prev[2 * x],
                                      prev[2 * x + 1], false);
            }
        }
        double received = dvmh_wtime();
        run->wait += received - stage_started;
        run->stages++;
        if (sp->has_part) {
            dvmh_idx f = (first > sp->local_first) == up ? first : sp->local_first;
            dvmh_idx la = (last < sp->local_last) == up ? last : sp->local_last;
            if (up ? f <= la : f >= la) {
                loop_piece piece = sp->device;
                memcpy(piece.first, l->first, sizeof l->first);
                memcpy(piece.last, l->last, sizeof l->last);
                piece.first[sp->dim] = f;
                piece.last[sp->dim] = la;
                if (on_device)
                    piece_actualize(l, &piece);
                piece_run(l, &piece);
                red_fold(l);
                if (on_device)
                    piece_written(l, &piece);
                run->local_rows += (la - f) / step + 1;
                run->compute += dvmh_wtime() - received;
            }
        }
        /* the late edges go to the next stage: none after the last */
        for (int x = 0; x < 2 * l->across_count; x++)
            if (pipes[x] && (x % 2 == 0 || last != sp->last)) {
                dvmh_idx lo = range[2 * (x / 2)], hi = range[2 * (x / 2) + 1];
                if (on_device)
                    across_edges_move(l->data[l->acrosses[x / 2].data].array, sp->widths[x],
                                      sp->target_dim, lo, hi, true);
                comm_across_send(pipes[x], lo, hi);
            }
        memcpy(prev, range, sizeof *prev * 2 * (size_t)l->across_count);
        trace_stage(stage_started);
        stats_comm(stage_started);
    }
    free(prev);
}

/* The shift from the target's index t to across array a's index along
 * the stage dimension (t + shift): both are aligned to the distribution
 * space dimension by dimension alike, along the stage dimension with the
 * same coefficient, along the others in the same direction. false when
 * they are not (the pipeline would not fit the array). */
static bool across_shift(const dvmh_loop *l, const distr_space *space, const dvmh_rule *space_rules,
                         const dvmh_array *a, int stage_target_dim, dvmh_idx *shift)
{
    dvmh_rule rules[DVMH_MAX_RANK];
    const distr_space *as = object_space_rules((void *)a, rules);
    *shift = 0;
    if (as != space || a->head.rank != object_rank(l->target))
        return false;
    for (int b = 0; b < space->rank; b++) {
        const dvmh_rule *t = &space_rules[b], *r = &rules[b];
        if (t->kind != DVMH_RULE_LINEAR)
            continue;
        /* along the stage dimension the same coefficient (the stage's
         * ranges shift), along the others the same direction */
        if (r->kind != DVMH_RULE_LINEAR || r->dim != t->dim || (r->a > 0) != (t->a > 0) ||
            (t->dim == stage_target_dim && r->a != t->a))
            return false;
        if (t->dim == stage_target_dim) {
            /* a*x + rb = a*t + tb */
            if ((t->b - r->b) % r->a != 0)
                return false;
            *shift = (t->b - r->b) / r->a;
        }
    }
    return true;
}

void lcomm_run_across(dvmh_loop *l)
{
    if (!l->target)
        dvmh_fatal(l->file, l->line, "not supported yet: across without 'on' on several processes");
    int trank = object_rank(l->target);
    /* a diagonal dependence needs widths in two dimensions */
    bool skewed = false;
    for (int x = 0; x < l->across_count; x++) {
        loop_across *ac = &l->acrosses[x];
        int wide = 0;
        for (int d = 0; d < l->data[ac->data].rank; d++)
            wide += ac->flow[d] != 0 || ac->anti[d] != 0;
        ac->skewed &= wide > 1;
        skewed |= ac->skewed;
    }
    dvmh_rule space_rules[DVMH_MAX_RANK];
    const distr_space *space = object_space_rules(l->target, space_rules);
    int stage_target_dim = choose_stage(l, skewed, space, space_rules);
    int stage_dim = stage_target_dim < 0 ? -1 : l->rules[stage_target_dim].dim;
    if (skewed && stage_dim < 0)
        dvmh_fatal(l->file, l->line,
                   "not supported yet: across with diagonal references (A[i-1][j+1]) on several "
                   "processes where the outer loop is not mapped one to one (A[i]) onto the 'on' target");
    if (l->remote_count > 0)
        dvmh_fatal(l->file, l->line,
                   "not supported yet: remote_access in an across loop on several processes");
    dvmh_idx *shifts = dvmh_xmalloc(sizeof *shifts * (size_t)l->across_count);
    for (int x = 0; x < l->across_count; x++) {
        const dvmh_array *a = l->data[l->acrosses[x].data].array;
        if (stage_dim < 0 ||
            !across_shift(l, space, space_rules, a, stage_target_dim, &shifts[x]))
            dvmh_fatal(l->file, l->line, "not supported yet: across on several processes for "
                                         "an array not mapped like the loop's 'on' target");
    }
    int split_others = 0;
    for (int k = 0; k < trank; k++)
        split_others += k != stage_target_dim && target_dim_procs(space, space_rules, k) > 1;
    if (skewed && split_others > 1)
        dvmh_fatal(l->file, l->line,
                   "not supported yet: across with diagonal references (A[i-1][j+1]) on several "
                   "processes divided along more than one inner dimension");
    dvmh_idx global_first = l->first[stage_dim], global_last = l->last[stage_dim];
    dvmh_idx step = l->step[stage_dim], shift = l->rules[stage_target_dim].b;
    dvmh_idx coef = l->rules[stage_target_dim].a;
    bool has_part = piece_local_part(l);
    dvmh_idx local_first = l->first[stage_dim], local_last = l->last[stage_dim];

    /* Where the loop's part would run on one accelerator alone (the piece
     * a loop of this process would make), the stages run there: the
     * accelerator's copy and the host's exchange only the edges of each
     * stage. Otherwise (the host, or several devices sharing the part,
     * or comparative debugging) the pipeline runs on the host copies. */
    loop_piece device = {.device = 0};
    if (has_part && device_count() > 1 && !compare_enabled()) {
        loop_piece pieces[DEVICE_MAX];
        if (piece_make(l, pieces) == 1 && pieces[0].device != 0)
            device = pieces[0];
    }
    bool on_device = device.device != 0;
    for (int k = 0; k < l->data_count && !on_device; k++)
        if (l->data[k].var)
            var_actualize_host_all(l->data[k].var, MOVE_ACROSS);
    lcomm_renew_shadows(l);
    comm_across **pipes = dvmh_xmalloc(sizeof *pipes * 2 * (size_t)l->across_count);
    dvmh_idx(*widths)[DVMH_MAX_RANK] = dvmh_xmalloc(sizeof *widths * 2 * (size_t)l->across_count);
    for (int x = 0; x < l->across_count; x++)
        start_pipes(l, x, stage_target_dim, &pipes[2 * x], &widths[2 * x]);
    dvmh_idx iterations = (global_last - global_first) / step + 1;
    /* processes in a row along the dependences: the pipeline's fill */
    int hops = 0;
    for (int k = 0; k < trank; k++)
        if (k != stage_target_dim)
            hops += target_dim_procs(space, space_rules, k) - 1;
    stage_run run;
    /* skewed, divided along an inner dimension: A[i+1][j-1] of the stage's
     * next row must still be old, so a stage is one row */
    lstage_begin(l->file, l->line, iterations, hops, l->stage, skewed && split_others > 0, &run);
    across_span span = {stage_dim,   stage_target_dim, global_first, global_last, step,
                        coef,        shift,            local_first,  local_last,  has_part,
                        device,      widths,           shifts};
    double staged = dvmh_wtime();
    run_stages(l, &span, pipes, &run);
    run.staged = dvmh_wtime() - staged;
    for (int x = 0; x < 2 * l->across_count; x++)
        if (pipes[x]) {
            size_t messages = 0;
            size_t sent = comm_across_finish(pipes[x], &messages);
            run.messages += messages;
            run.bytes += sent;
            var_count_processes(l->data[l->acrosses[x / 2].data].var, MOVE_ACROSS, sent, -1.0);
        }
    lstage_end(&run);
    free(pipes);
    free(widths);
    free(shifts);
    if (on_device)
        return; /* each stage marked its writes and the edges that arrived */
    /* written elements and the edges that arrived are current on the host */
    for (int k = 0; k < l->data_count; k++)
        if (l->data[k].var && (l->data[k].access & DVMH_WRITE))
            var_written(l->data[k].var, 0, &l->data[k].var->whole);
    for (int x = 0; x < l->across_count; x++)
        var_written(l->data[l->acrosses[x].data].var, 0,
                    &l->data[l->acrosses[x].data].var->whole);
}
