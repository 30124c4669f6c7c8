/* Loops wider than the rewriter's tables used to be: one reads 70 scalars
 * (there was room for 64, and the rest were dropped without a word), two
 * use 70 arrays (past 64: an error), one has 20 reductions (past 16: no
 * CUDA handler). Every one must reach the handlers, on the host and on a
 * device. */
#include <stdio.h>

#define N 40

#pragma dvm array distribute[block]
double A[N];
#pragma dvm array align([i] with A[i])
int B0[N];
#pragma dvm array align([i] with A[i])
int B1[N];
#pragma dvm array align([i] with A[i])
int B2[N];
#pragma dvm array align([i] with A[i])
int B3[N];
#pragma dvm array align([i] with A[i])
int B4[N];
#pragma dvm array align([i] with A[i])
int B5[N];
#pragma dvm array align([i] with A[i])
int B6[N];
#pragma dvm array align([i] with A[i])
int B7[N];
#pragma dvm array align([i] with A[i])
int B8[N];
#pragma dvm array align([i] with A[i])
int B9[N];
#pragma dvm array align([i] with A[i])
int B10[N];
#pragma dvm array align([i] with A[i])
int B11[N];
#pragma dvm array align([i] with A[i])
int B12[N];
#pragma dvm array align([i] with A[i])
int B13[N];
#pragma dvm array align([i] with A[i])
int B14[N];
#pragma dvm array align([i] with A[i])
int B15[N];
#pragma dvm array align([i] with A[i])
int B16[N];
#pragma dvm array align([i] with A[i])
int B17[N];
#pragma dvm array align([i] with A[i])
int B18[N];
#pragma dvm array align([i] with A[i])
int B19[N];
#pragma dvm array align([i] with A[i])
int B20[N];
#pragma dvm array align([i] with A[i])
int B21[N];
#pragma dvm array align([i] with A[i])
int B22[N];
#pragma dvm array align([i] with A[i])
int B23[N];
#pragma dvm array align([i] with A[i])
int B24[N];
#pragma dvm array align([i] with A[i])
int B25[N];
#pragma dvm array align([i] with A[i])
int B26[N];
#pragma dvm array align([i] with A[i])
int B27[N];
#pragma dvm array align([i] with A[i])
int B28[N];
#pragma dvm array align([i] with A[i])
int B29[N];
#pragma dvm array align([i] with A[i])
int B30[N];
#pragma dvm array align([i] with A[i])
int B31[N];
#pragma dvm array align([i] with A[i])
int B32[N];
#pragma dvm array align([i] with A[i])
int B33[N];
#pragma dvm array align([i] with A[i])
int B34[N];
#pragma dvm array align([i] with A[i])
int B35[N];
#pragma dvm array align([i] with A[i])
int B36[N];
#pragma dvm array align([i] with A[i])
int B37[N];
#pragma dvm array align([i] with A[i])
int B38[N];
#pragma dvm array align([i] with A[i])
int B39[N];
#pragma dvm array align([i] with A[i])
int B40[N];
#pragma dvm array align([i] with A[i])
int B41[N];
#pragma dvm array align([i] with A[i])
int B42[N];
#pragma dvm array align([i] with A[i])
int B43[N];
#pragma dvm array align([i] with A[i])
int B44[N];
#pragma dvm array align([i] with A[i])
int B45[N];
#pragma dvm array align([i] with A[i])
int B46[N];
#pragma dvm array align([i] with A[i])
int B47[N];
#pragma dvm array align([i] with A[i])
int B48[N];
#pragma dvm array align([i] with A[i])
int B49[N];
#pragma dvm array align([i] with A[i])
int B50[N];
#pragma dvm array align([i] with A[i])
int B51[N];
#pragma dvm array align([i] with A[i])
int B52[N];
#pragma dvm array align([i] with A[i])
int B53[N];
#pragma dvm array align([i] with A[i])
int B54[N];
#pragma dvm array align([i] with A[i])
int B55[N];
#pragma dvm array align([i] with A[i])
int B56[N];
#pragma dvm array align([i] with A[i])
int B57[N];
#pragma dvm array align([i] with A[i])
int B58[N];
#pragma dvm array align([i] with A[i])
int B59[N];
#pragma dvm array align([i] with A[i])
int B60[N];
#pragma dvm array align([i] with A[i])
int B61[N];
#pragma dvm array align([i] with A[i])
int B62[N];
#pragma dvm array align([i] with A[i])
int B63[N];
#pragma dvm array align([i] with A[i])
int B64[N];
#pragma dvm array align([i] with A[i])
int B65[N];
#pragma dvm array align([i] with A[i])
int B66[N];
#pragma dvm array align([i] with A[i])
int B67[N];
#pragma dvm array align([i] with A[i])
int B68[N];
#pragma dvm array align([i] with A[i])
int B69[N];

int main(void)
{
    int c0 = 1, c1 = 8, c2 = 2, c3 = 9, c4 = 3, c5 = 10, c6 = 4;
    int c7 = 11, c8 = 5, c9 = 12, c10 = 6, c11 = 13, c12 = 7, c13 = 1;
    int c14 = 8, c15 = 2, c16 = 9, c17 = 3, c18 = 10, c19 = 4, c20 = 11;
    int c21 = 5, c22 = 12, c23 = 6, c24 = 13, c25 = 7, c26 = 1, c27 = 8;
    int c28 = 2, c29 = 9, c30 = 3, c31 = 10, c32 = 4, c33 = 11, c34 = 5;
    int c35 = 12, c36 = 6, c37 = 13, c38 = 7, c39 = 1, c40 = 8, c41 = 2;
    int c42 = 9, c43 = 3, c44 = 10, c45 = 4, c46 = 11, c47 = 5, c48 = 12;
    int c49 = 6, c50 = 13, c51 = 7, c52 = 1, c53 = 8, c54 = 2, c55 = 9;
    int c56 = 3, c57 = 10, c58 = 4, c59 = 11, c60 = 5, c61 = 12, c62 = 6;
    int c63 = 13, c64 = 7, c65 = 1, c66 = 8, c67 = 2, c68 = 9, c69 = 3;
    long s = 0;
#pragma dvm parallel([i] on A[i])
    for (int i = 0; i < N; i++)
        A[i] = i * (c0 * 1 + c1 * 2 + c2 * 3 + c3 * 4 + c4 * 5 + c5 * 1 + c6 * 2 + c7 * 3
            + c8 * 4 + c9 * 5 + c10 * 1 + c11 * 2 + c12 * 3 + c13 * 4 + c14 * 5 + c15 * 1
            + c16 * 2 + c17 * 3 + c18 * 4 + c19 * 5 + c20 * 1 + c21 * 2 + c22 * 3 + c23 * 4
            + c24 * 5 + c25 * 1 + c26 * 2 + c27 * 3 + c28 * 4 + c29 * 5 + c30 * 1 + c31 * 2
            + c32 * 3 + c33 * 4 + c34 * 5 + c35 * 1 + c36 * 2 + c37 * 3 + c38 * 4 + c39 * 5
            + c40 * 1 + c41 * 2 + c42 * 3 + c43 * 4 + c44 * 5 + c45 * 1 + c46 * 2 + c47 * 3
            + c48 * 4 + c49 * 5 + c50 * 1 + c51 * 2 + c52 * 3 + c53 * 4 + c54 * 5 + c55 * 1
            + c56 * 2 + c57 * 3 + c58 * 4 + c59 * 5 + c60 * 1 + c61 * 2 + c62 * 3 + c63 * 4
            + c64 * 5 + c65 * 1 + c66 * 2 + c67 * 3 + c68 * 4 + c69 * 5);
#pragma dvm parallel([i] on A[i])
    for (int i = 0; i < N; i++) {
        B0[i] = (int)A[i] % (c0 + 2);
        B1[i] = (int)A[i] % (c1 + 3);
        B2[i] = (int)A[i] % (c2 + 4);
        B3[i] = (int)A[i] % (c3 + 5);
        B4[i] = (int)A[i] % (c4 + 6);
        B5[i] = (int)A[i] % (c5 + 7);
        B6[i] = (int)A[i] % (c6 + 8);
        B7[i] = (int)A[i] % (c7 + 9);
        B8[i] = (int)A[i] % (c8 + 10);
        B9[i] = (int)A[i] % (c9 + 11);
        B10[i] = (int)A[i] % (c10 + 12);
        B11[i] = (int)A[i] % (c11 + 13);
        B12[i] = (int)A[i] % (c12 + 14);
        B13[i] = (int)A[i] % (c13 + 15);
        B14[i] = (int)A[i] % (c14 + 16);
        B15[i] = (int)A[i] % (c15 + 17);
        B16[i] = (int)A[i] % (c16 + 18);
        B17[i] = (int)A[i] % (c17 + 19);
        B18[i] = (int)A[i] % (c18 + 20);
        B19[i] = (int)A[i] % (c19 + 21);
        B20[i] = (int)A[i] % (c20 + 22);
        B21[i] = (int)A[i] % (c21 + 23);
        B22[i] = (int)A[i] % (c22 + 24);
        B23[i] = (int)A[i] % (c23 + 25);
        B24[i] = (int)A[i] % (c24 + 26);
        B25[i] = (int)A[i] % (c25 + 27);
        B26[i] = (int)A[i] % (c26 + 28);
        B27[i] = (int)A[i] % (c27 + 29);
        B28[i] = (int)A[i] % (c28 + 30);
        B29[i] = (int)A[i] % (c29 + 31);
        B30[i] = (int)A[i] % (c30 + 32);
        B31[i] = (int)A[i] % (c31 + 33);
        B32[i] = (int)A[i] % (c32 + 34);
        B33[i] = (int)A[i] % (c33 + 35);
        B34[i] = (int)A[i] % (c34 + 36);
        B35[i] = (int)A[i] % (c35 + 37);
        B36[i] = (int)A[i] % (c36 + 38);
        B37[i] = (int)A[i] % (c37 + 39);
        B38[i] = (int)A[i] % (c38 + 40);
        B39[i] = (int)A[i] % (c39 + 41);
        B40[i] = (int)A[i] % (c40 + 42);
        B41[i] = (int)A[i] % (c41 + 43);
        B42[i] = (int)A[i] % (c42 + 44);
        B43[i] = (int)A[i] % (c43 + 45);
        B44[i] = (int)A[i] % (c44 + 46);
        B45[i] = (int)A[i] % (c45 + 47);
        B46[i] = (int)A[i] % (c46 + 48);
        B47[i] = (int)A[i] % (c47 + 49);
        B48[i] = (int)A[i] % (c48 + 50);
        B49[i] = (int)A[i] % (c49 + 51);
        B50[i] = (int)A[i] % (c50 + 52);
        B51[i] = (int)A[i] % (c51 + 53);
        B52[i] = (int)A[i] % (c52 + 54);
        B53[i] = (int)A[i] % (c53 + 55);
        B54[i] = (int)A[i] % (c54 + 56);
        B55[i] = (int)A[i] % (c55 + 57);
        B56[i] = (int)A[i] % (c56 + 58);
        B57[i] = (int)A[i] % (c57 + 59);
        B58[i] = (int)A[i] % (c58 + 60);
        B59[i] = (int)A[i] % (c59 + 61);
        B60[i] = (int)A[i] % (c60 + 62);
        B61[i] = (int)A[i] % (c61 + 63);
        B62[i] = (int)A[i] % (c62 + 64);
        B63[i] = (int)A[i] % (c63 + 65);
        B64[i] = (int)A[i] % (c64 + 66);
        B65[i] = (int)A[i] % (c65 + 67);
        B66[i] = (int)A[i] % (c66 + 68);
        B67[i] = (int)A[i] % (c67 + 69);
        B68[i] = (int)A[i] % (c68 + 70);
        B69[i] = (int)A[i] % (c69 + 71);
    }
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
    for (int i = 0; i < N; i++)
        s += B0[i] * 1 + B1[i] * 2 + B2[i] * 3 + B3[i] * 1 + B4[i] * 2 + B5[i] * 3
            + B6[i] * 1 + B7[i] * 2 + B8[i] * 3 + B9[i] * 1 + B10[i] * 2 + B11[i] * 3
            + B12[i] * 1 + B13[i] * 2 + B14[i] * 3 + B15[i] * 1 + B16[i] * 2 + B17[i] * 3
            + B18[i] * 1 + B19[i] * 2 + B20[i] * 3 + B21[i] * 1 + B22[i] * 2 + B23[i] * 3
            + B24[i] * 1 + B25[i] * 2 + B26[i] * 3 + B27[i] * 1 + B28[i] * 2 + B29[i] * 3
            + B30[i] * 1 + B31[i] * 2 + B32[i] * 3 + B33[i] * 1 + B34[i] * 2 + B35[i] * 3
            + B36[i] * 1 + B37[i] * 2 + B38[i] * 3 + B39[i] * 1 + B40[i] * 2 + B41[i] * 3
            + B42[i] * 1 + B43[i] * 2 + B44[i] * 3 + B45[i] * 1 + B46[i] * 2 + B47[i] * 3
            + B48[i] * 1 + B49[i] * 2 + B50[i] * 3 + B51[i] * 1 + B52[i] * 2 + B53[i] * 3
            + B54[i] * 1 + B55[i] * 2 + B56[i] * 3 + B57[i] * 1 + B58[i] * 2 + B59[i] * 3
            + B60[i] * 1 + B61[i] * 2 + B62[i] * 3 + B63[i] * 1 + B64[i] * 2 + B65[i] * 3
            + B66[i] * 1 + B67[i] * 2 + B68[i] * 3 + B69[i] * 1;
    long r0 = 0, r1 = 0, r2 = 0, r3 = 1, r4 = 0, r5 = 0, r6 = 0, r7 = 0, r8 = 1, r9 = 0;
    long r10 = 0, r11 = 0, r12 = 0, r13 = 1, r14 = 0, r15 = 0, r16 = 0, r17 = 0, r18 = 1, r19 = 0;
#pragma dvm parallel([i] on A[i]) reduction(sum(r0), max(r1), min(r2), product(r3), \
    sum(r4), sum(r5), max(r6), min(r7), product(r8), sum(r9), sum(r10), max(r11), \
    min(r12), product(r13), sum(r14), sum(r15), max(r16), min(r17), product(r18), \
    sum(r19))
    for (int i = 0; i < N; i++) {
        r0 += B0[i] - B1[i] + 0;
        r1 = r1 > B3[i] - B4[i] + 1 ? r1 : B3[i] - B4[i] + 1;
        r2 = r2 < B6[i] - B7[i] + 2 ? r2 : B6[i] - B7[i] + 2;
        r3 *= 1 + (B9[i] + i) % 2;
        r4 += B12[i] - B13[i] + 4;
        r5 += B15[i] - B16[i] + 5;
        r6 = r6 > B18[i] - B19[i] + 6 ? r6 : B18[i] - B19[i] + 6;
        r7 = r7 < B21[i] - B22[i] + 7 ? r7 : B21[i] - B22[i] + 7;
        r8 *= 1 + (B24[i] + i) % 2;
        r9 += B27[i] - B28[i] + 9;
        r10 += B30[i] - B31[i] + 10;
        r11 = r11 > B33[i] - B34[i] + 11 ? r11 : B33[i] - B34[i] + 11;
        r12 = r12 < B36[i] - B37[i] + 12 ? r12 : B36[i] - B37[i] + 12;
        r13 *= 1 + (B39[i] + i) % 2;
        r14 += B42[i] - B43[i] + 14;
        r15 += B45[i] - B46[i] + 15;
        r16 = r16 > B48[i] - B49[i] + 16 ? r16 : B48[i] - B49[i] + 16;
        r17 = r17 < B51[i] - B52[i] + 17 ? r17 : B51[i] - B52[i] + 17;
        r18 *= 1 + (B54[i] + i) % 2;
        r19 += B57[i] - B58[i] + 19;
    }
    printf("A[1]=%.1f A[N-1]=%.1f s=%ld\n", A[1], A[N - 1], s);
    printf("r0=%ld r1=%ld r2=%ld r3=%ld r4=%ld\n", r0, r1, r2, r3, r4);
    printf("r5=%ld r6=%ld r7=%ld r8=%ld r9=%ld\n", r5, r6, r7, r8, r9);
    printf("r10=%ld r11=%ld r12=%ld r13=%ld r14=%ld\n", r10, r11, r12, r13, r14);
    printf("r15=%ld r16=%ld r17=%ld r18=%ld r19=%ld\n", r15, r16, r17, r18, r19);
    return 0;
}
