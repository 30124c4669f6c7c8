/* Input of late_image.c: a function of another file, called on the GPU. */
double twice(double x);
