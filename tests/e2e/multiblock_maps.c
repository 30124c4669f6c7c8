/* Subtasks mapped automatically (weights, procs ranges, amdahl and a user
 * time function) and by hand (onto): each subtask fills a distributed
 * vector over its own processor group, reduces it, prints (puts, putchar
 * and printf inside subtasks come out in block order) and stores its
 * result in an ordinary array used after the task region. */
#include <stdio.h>
#include <stdlib.h>

#define NB 5
#define NP 3

static const int len[NB] = {40, 7, 120, 64, 15};
static double result[NB];
static long counts[NP];

double cost_of(int b, int k);
double cost_of(int b, int k)
{
    return (double)len[b] / k + 1.0;
}

static double vector_sum(int b, int n)
{
#pragma dvm array distribute[block][*]
    double (*v)[2];
    int i;
    double s = 0;
    v = malloc(sizeof(double[2]) * (size_t)n);
#pragma dvm parallel([i] on v[i][])
    for (i = 0; i < n; i++) {
        v[i][0] = (double)((i * 7 + b) % 11) / (b + 1);
        v[i][1] = (double)(i % 3);
    }
#pragma dvm parallel([i] on v[i][]) reduction(sum(s))
    for (i = 0; i < n; i++)
        s += v[i][0] * (i + 1) + v[i][1];
    free(v);
    return s;
}

int main(void)
{
    int b, round;
    double total = 0;
#pragma dvm task blocks[NB]
#pragma dvm task parts[NP]
    for (b = 0; b < NB; b++) {
        if (b % 2 == 0) {
#pragma dvm map(blocks[b] weight(len[b]) procs(1 : 3))
        } else if (b == 1) {
#pragma dvm map(blocks[b] weight(len[b]) procs(1 : 2) time(amdahl(0.25)))
        } else {
#pragma dvm map(blocks[b] procs(2 : 4) time(cost_of))
        }
    }
    for (b = 0; b < NP; b++) {
#pragma dvm map(parts[b] onto(b : b + 1))
    }
#pragma dvm task_link(blocks[0], blocks[1], 100)
    for (round = 0; round < 2; round++) {
#pragma dvm task_region(blocks)
        {
#pragma dvm parallel([b] on blocks[b])
            for (b = 0; b < NB; b++) {
                result[b] = vector_sum(b, len[b] + round);
                printf("round %d block %d: %.4f\n", round, b, result[b]);
                if (b == 2)
                    puts("  (the largest block)");
                putchar(b == NB - 1 ? '\n' : '.');
            }
        }
        for (b = 0; b < NB; b++)
            total += result[b] * (b + 1);
        printf("round %d total %.4f\n", round, total);
    }
#pragma dvm task_region(parts)
    {
#pragma dvm parallel([b] on parts[b])
        for (b = NP - 1; b >= 0; b--) {
            double s = vector_sum(b + 10, 30 + b);
            counts[b] = (long)(s * 100) % 1000;
            printf("part %d: %ld\n", b, counts[b]);
        }
    }
    printf("parts %ld %ld %ld\n", counts[0], counts[1], counts[2]);
    return 0;
}
