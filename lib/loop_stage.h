/* loop_stage.h: the stage of an across loop's pipeline between processes
 * (loop_comm.c): given by stage(N), else chosen per loop site from what its
 * first run measured, and the per-site record DVMH_STATS reports. */
#ifndef DVMH_LOOP_STAGE_H
#define DVMH_LOOP_STAGE_H

#include "dvmh.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct stage_site stage_site;

/* One run of a pipeline, measured as it goes. */
typedef struct stage_run {
    stage_site *site;
    dvmh_idx stage;          /* iterations of the stage dimension per stage */
    dvmh_idx rows;           /* stage-dimension iterations of the whole loop */
    int hops;                /* processes a value passes before the last gets it */
    bool measure;            /* the run the site's choice comes from */
    dvmh_idx stages, local_rows;
    double compute, wait;    /* seconds in this process's pieces, in receives */
    double staged;           /* seconds of the stages in all (the rest: per-stage overhead) */
    size_t messages, bytes;
} stage_run;

/* Starts a run of the pipeline of the loop at file:line over rows
 * iterations of its stage dimension with hops processes in a row along the
 * dependences: given > 0 is the stage the program gave, one (a stage of
 * one iteration) is forced by the dependences. Fills r, r->stage above all.
 * Every process of the current group makes the same calls in the same
 * order, so the choice is the same everywhere. */
void lstage_begin(const char *file, int line, dvmh_idx rows, int hops, dvmh_idx given, bool one,
                  stage_run *r);
/* Ends the run; after the measured run (collective over the current
 * group) chooses the site's stage for the next runs. */
void lstage_end(stage_run *r);

/* The stage that balances the pipeline's fill (hops stages of compute,
 * each stage * seconds_per_row) against the messages' overhead (rows /
 * stage stages of latency): about sqrt(rows * latency / (hops * seconds
 * per row)), within [1, rows]. */
dvmh_idx lstage_optimum(dvmh_idx rows, int hops, double seconds_per_row, double latency);

/* The pipelines of every site, for DVMH_STATS. */
void lstage_report(FILE *out);

#endif
