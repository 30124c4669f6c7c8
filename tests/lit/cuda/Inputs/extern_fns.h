/* functions of other files, for extern_calls.c and extern_defs.c */
double ext_scale(double x, int k);
double ext_sum(int n, ...);
double ext_twice(double x);
double ext_global(double x);
double ext_apply(double (*f)(double), double x);
