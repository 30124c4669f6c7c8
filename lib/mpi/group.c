/* group.c: processor groups of subtasks: one MPI communicator per group;
 * the top of the stack of processor systems (group_stack.c) is what every
 * other call of the communication layer works in (mpi_world, the process
 * count and rank), else the whole program (process.c). */
#include "../alloc.h"
#include "../array.h"
#include "../comm.h"
#include "mpi_comm.h"

#include <stdlib.h>

struct comm_group {
    MPI_Comm comm;
    int size, rank;
    int across_tags;                /* pipelines started in this group */
};

comm_group *mpi_layer_group_create(const int *members, int count, int tag)
{
    if (!mpi_running()) {
        /* before MPI starts or after it stops the program is one process */
        if (count < 1 || members[0] != 0)
            return NULL;
        comm_group *g = dvmh_xcalloc(1, sizeof *g);
        g->comm = MPI_COMM_NULL;
        g->size = 1;
        return g;
    }
    int me = mpi_process_rank(), mine = 0;
    for (int k = 0; k < count; k++)
        mine |= members[k] == me;
    if (!mine)
        return NULL;
    MPI_Comm parent = mpi_world();
    MPI_Group all, part;
    MPI_Comm_group(parent, &all);
    MPI_Group_incl(all, count, members, &part);
    comm_group *g = dvmh_xcalloc(1, sizeof *g);
    /* collective over the members only: processes outside the group go on */
    MPI_Comm_create_group(parent, part, tag, &g->comm);
    MPI_Group_free(&part);
    MPI_Group_free(&all);
    MPI_Comm_size(g->comm, &g->size);
    MPI_Comm_rank(g->comm, &g->rank);
    return g;
}

void mpi_layer_group_free(comm_group *g)
{
    if (!g)
        return;
    int finalized;
    MPI_Finalized(&finalized);
    if (g->comm != MPI_COMM_NULL && !finalized)
        MPI_Comm_free(&g->comm);
    free(g);
}

/* The running subtask's group, or NULL outside subtasks (and for groups
 * made while MPI was not running). */
static const comm_group *group_top(void)
{
    const comm_group *g = comm_group_current();
    return g && g->comm != MPI_COMM_NULL ? g : NULL;
}

int mpi_next_across_tag(void)
{
    /* per communicator: a process in two overlapping groups starts the
     * pipelines of both, its partners in each only their group's */
    static int program_tags;
    comm_group *g = (comm_group *)group_top();
    int n = g ? g->across_tags++ : program_tags++;
    return 1000 + n % 10000;
}

MPI_Comm mpi_world(void)
{
    const comm_group *g = group_top();
    return g ? g->comm : mpi_program_world();
}

int mpi_process_count(void)
{
    const comm_group *g = group_top();
    return g ? g->size : mpi_program_size();
}

int mpi_process_rank(void)
{
    const comm_group *g = group_top();
    return g ? g->rank : mpi_program_rank();
}

int mpi_layer_nodes(int *node)
{
    int n = mpi_process_count();
    if (!mpi_running() || n == 1) {
        for (int q = 0; q < n; q++)
            node[q] = 0;
        return 1;
    }
    MPI_Comm parent = mpi_world(), shared;
    int me = mpi_process_rank(), lowest;
    MPI_Comm_split_type(parent, MPI_COMM_TYPE_SHARED, me, MPI_INFO_NULL, &shared);
    MPI_Allreduce(&me, &lowest, 1, MPI_INT, MPI_MIN, shared);
    MPI_Comm_free(&shared);
    MPI_Allgather(&lowest, 1, MPI_INT, node, 1, MPI_INT, parent);
    /* node[q] is the lowest rank of q's node; number the nodes 0.. in
     * the order of those ranks */
    int count = 0;
    for (int q = 0; q < n; q++) {
        if (node[q] == q) {
            node[q] = count++;
        } else {
            node[q] = node[node[q]];
        }
    }
    return count;
}
