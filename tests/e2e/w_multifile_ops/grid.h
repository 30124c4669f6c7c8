/* w_multifile_ops: the grid shared by the files: a template, two arrays
 * aligned with it, the functions over them (inherit), and a helper that
 * loops of another file call on the device. */
#define N 30
#define M 22
#pragma dvm template[N][M] distribute[block][block]
extern void *GT;
#pragma dvm array align([i][j] with GT[i][j]), shadow[1:1][1:1]
extern double U[N][M];
#pragma dvm array align([i][j] with GT[i][j])
extern double V[N][M];
extern double coef[M];

#pragma dvm inherit(a, b)
void smooth(double (*a)[M], double (*b)[M]);
#pragma dvm inherit(a)
double norm2(double (*a)[M]);
double flux(double x, double y);
