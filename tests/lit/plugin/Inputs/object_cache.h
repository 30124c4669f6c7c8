#define OC_VALUE 2
