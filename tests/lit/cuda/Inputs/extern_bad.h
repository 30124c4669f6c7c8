/* for extern_nvcc_fails.c */
double from_void(void *p);
double fine(double x);
