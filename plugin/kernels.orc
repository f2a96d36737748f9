# Row kernels for pooledconvert.  Each one has a plain-C twin with the same
# contract in kernels-c.c; tests/check/kernels.c compares them exactly.
# Sources must be aligned to their element size (see kernels-c.h).

.function pc_chroma_box_2x2
# d[i] = (s1[2i] + s1[2i+1] + s2[2i] + s2[2i+1] + 2) >> 2
.dest 1 d guint8
.source 2 s1 guint8
.source 2 s2 guint8
.temp 4 w1
.temp 4 w2
.temp 2 hi
.temp 2 lo

x2 convubw w1, s1
x2 convubw w2, s2
x2 addw w1, w1, w2
splitlw hi, lo, w1
addw lo, lo, hi
addw lo, lo, 2
shruw lo, lo, 2
convwb d, lo


.function pc_chroma_avg_v
# d[i] = (s1[i] + s2[i] + 1) >> 1
.dest 1 d guint8
.source 1 s1 guint8
.source 1 s2 guint8

avgub d, s1, s2


.function pc_rgba_to_y
# d[i] = clamp ((kr*R + kg*G + kb*B + bias) >> 15) for the RGBA pixel s[i].
# Coefficients are Q15; bias carries the offset and the rounding half.
.dest 1 d guint8
.source 4 s guint8
.param 2 kr
.param 2 kg
.param 2 kb
.param 4 bias
.temp 8 px
.temp 4 rg
.temp 4 ba
.temp 2 r
.temp 2 g
.temp 2 b
.temp 2 a
.temp 4 acc
.temp 4 t

x4 convubw px, s
splitql ba, rg, px
splitlw g, r, rg
splitlw a, b, ba
mulswl acc, r, kr
mulswl t, g, kg
addl acc, acc, t
mulswl t, b, kb
addl acc, acc, t
addl acc, acc, bias
shrsl acc, acc, 15
convssslw r, acc
convsuswb d, r


.function pc_rgba_to_uv
# u[i], v[i] from the 2x2 block s1[2i], s1[2i+1], s2[2i], s2[2i+1]:
# the four pixels are summed per channel (Q2) and multiplied by Q15
# coefficients, so the >> 17 divides by four and rounds once.
.dest 1 u guint8
.dest 1 v guint8
.source 8 s1 guint8
.source 8 s2 guint8
.param 2 ur
.param 2 ug
.param 2 ub
.param 2 vr
.param 2 vg
.param 2 vb
.temp 4 p0
.temp 4 p1
.temp 8 w
.temp 8 sum
.temp 4 rg
.temp 4 ba
.temp 2 r
.temp 2 g
.temp 2 b
.temp 2 a
.temp 4 acc
.temp 4 t
.temp 2 c

splitql p1, p0, s1
x4 convubw sum, p0
x4 convubw w, p1
x4 addw sum, sum, w
splitql p1, p0, s2
x4 convubw w, p0
x4 addw sum, sum, w
x4 convubw w, p1
x4 addw sum, sum, w
splitql ba, rg, sum
splitlw g, r, rg
splitlw a, b, ba
mulswl acc, r, ur
mulswl t, g, ug
addl acc, acc, t
mulswl t, b, ub
addl acc, acc, t
addl acc, acc, 16842752
shrsl acc, acc, 17
convssslw c, acc
convsuswb u, c
mulswl acc, r, vr
mulswl t, g, vg
addl acc, acc, t
mulswl t, b, vb
addl acc, acc, t
addl acc, acc, 16842752
shrsl acc, acc, 17
convssslw c, acc
convsuswb v, c
