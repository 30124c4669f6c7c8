/* Relaxation on an irregular graph with an indirect distribution: the
 * nodes are given to processes by a partition array (node i to process
 * part[i], modulo the process count), two arrays share one shadow edge
 * holding every neighbour of the local nodes (shadow_add ... include_to(U,
 * W)), and the loops over the nodes reduce across processes. The program
 * also reads and writes single elements outside loops, goes back to a
 * block distribution and then to another partition, whose new edge of the
 * same name replaces the first one. Sequential meaning: U[adj[n][k]] is
 * the neighbour's value. */
#include <stdio.h>

#define NN 97
#define DEG 4
#define STEPS 6
// TOLERANCE: 1e-9

int part[NN], part2[NN];
#pragma dvm template[NN]
void *T;
#pragma dvm array align([n] with T[n])
double U[NN];
#pragma dvm array align([n] with T[n])
double V[NN];
#pragma dvm array align([n] with T[n])
double W[NN];
#pragma dvm array align([n][] with T[n])
long adj[NN][DEG];

static double relax(int steps)
{
    double delta = 0;
    int n, k, s;
    for (s = 0; s < steps; s++) {
        delta = 0;
#pragma dvm region
        {
#pragma dvm parallel([n] on T[n]) shadow_renew(U["e"], W["e"]) private(k) reduction(max(delta))
            for (n = 0; n < NN; n++) {
                double acc = 0;
                for (k = 0; k < DEG; k++)
                    acc += U[adj[n][k]] - 0.5 * W[adj[n][k]];
                V[n] = 0.6 * U[n] + 0.1 * acc;
                if (V[n] - U[n] > delta)
                    delta = V[n] - U[n];
                if (U[n] - V[n] > delta)
                    delta = U[n] - V[n];
            }
#pragma dvm parallel([n] on T[n])
            for (n = 0; n < NN; n++) {
                W[n] = 0.5 * (W[n] + U[n]);
                U[n] = V[n];
            }
        }
    }
    return delta;
}

int main(void)
{
    int n, k;
    double sum = 0, delta;
    long degsum = 0;

    for (n = 0; n < NN; n++) {
        part[n] = (n * n + 3) % 5;
        part2[n] = (n / 7) % 3 + (n % 2) * 3;
    }
#pragma dvm redistribute(T[indirect(part)])

#pragma dvm region out(U, V, W, adj)
    {
#pragma dvm parallel([n] on T[n]) private(k)
        for (n = 0; n < NN; n++) {
            U[n] = (n * 37 % 11) * 0.25;
            V[n] = 0;
            W[n] = (n % 3) * 0.5;
            for (k = 0; k < DEG; k++)
                adj[n][k] = (n * (k + 2) + k * 17 + 1) % NN;
        }
    }
#pragma dvm get_actual(adj)
#pragma dvm shadow_add(T[adj[v][0], adj[v][1], adj[v][2], adj[v][3] with T[@v]] = "e") include_to(U, W)

    delta = relax(STEPS);
    printf("first partition: last change %.9e\n", delta);

    /* element access outside loops: the owner's value, the owner writes */
#pragma dvm get_actual(U, W)
    printf("U[7] = %.9e, U[90] = %.9e\n", U[7], U[90]);
    U[3] = 1.5;
    W[3] = U[3] * 2 + W[3];
#pragma dvm actual(U, W)

    /* back to blocks: the values move from the partition's owners */
#pragma dvm redistribute(T[block])
#pragma dvm region
    {
#pragma dvm parallel([n] on T[n]) reduction(sum(sum))
        for (n = 0; n < NN; n++)
            sum += U[n] * (n % 7 + 1) + W[n];
    }
#pragma dvm get_actual(sum)
    printf("after block redistribution: sum %.9e\n", sum);

    /* another partition: the edge of the same name is added again */
#pragma dvm redistribute(T[indirect(part2)])
#pragma dvm shadow_add(T[adj[v][0], adj[v][1], adj[v][2], adj[v][3] with T[@v]] = "e") include_to(U, W)
    delta = relax(STEPS);
    sum = 0;
#pragma dvm region
    {
#pragma dvm parallel([n] on T[n]) private(k) reduction(sum(sum), sum(degsum))
        for (n = 0; n < NN; n++) {
            sum += U[n] * (n % 5 + 1) - W[n];
            for (k = 0; k < DEG; k++)
                degsum += adj[n][k] * (k + 1);
        }
    }
#pragma dvm get_actual(sum, degsum)
    printf("second partition: last change %.9e, sum %.9e, adjacency %ld\n", delta, sum, degsum);
    return 0;
}
