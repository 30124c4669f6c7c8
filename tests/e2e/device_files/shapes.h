/* shapes.h: functions of shapes.c that parallel loops of main.c call */
#ifndef SHAPES_H
#define SHAPES_H

double shade(double x, double y);
double norm3(const double *p);

#endif
