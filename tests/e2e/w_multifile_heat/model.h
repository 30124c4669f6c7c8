/* The heat model's grid: a template and two arrays aligned with it, with
 * their whole layout given here; fields.c defines them without directives
 * of its own (it takes these). Guarded. */
#ifndef MODEL_H
#define MODEL_H

#define NX 30
#define NY 26
#define NSTEPS 6

#pragma dvm template[NX][NY] distribute[block][block]
extern void *TM;
#pragma dvm array align([i][j] with TM[i][j]), shadow[1][1]
extern double T[NX][NY], Tn[NX][NY];

void init_fields(void);
void init_coeffs(void);
void make_profile(void);
double step(void);
double report(void);

#endif
