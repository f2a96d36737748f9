# Row kernels for pooledconvert.  Each one has a plain-C twin with the same
# contract in kernels-c.c; tests/check/kernels.c compares them exactly.
# Sources must be aligned to their element size (see kernels-c.h).
#
# Everything works in 16-bit lanes so that SSE handles eight samples per
# instruction; 32-bit temporaries would halve that.  The RGB kernels keep
# eight fractional bits: a channel value v becomes v << 8, and mulhuw with a
# Q16 coefficient k gives floor (256 * k * v).


.function pc_chroma_box_2x2
# d[i] = (s1[2i] + s1[2i+1] + s2[2i] + s2[2i+1] + 2) >> 2
# Each source element is a pair of bytes read as one word; the sum of its
# two bytes is the same in either byte order.
.dest 1 d guint8
.source 2 s1 guint8
.source 2 s2 guint8
.temp 2 sum
.temp 2 t

andw sum, s1, 255
shruw t, s1, 8
addw sum, sum, t
andw t, s2, 255
addw sum, sum, t
shruw t, s2, 8
addw sum, sum, t
addw sum, sum, 2
shruw sum, sum, 2
convwb d, sum


.function pc_chroma_box_2x2_weighted
# d[i] = (3 (s1[2i] + s1[2i+1]) + s2[2i] + s2[2i+1] + 4) >> 3
.dest 1 d guint8
.source 2 s1 guint8
.source 2 s2 guint8
.temp 2 sum
.temp 2 t

andw sum, s1, 255
shruw t, s1, 8
addw sum, sum, t
mullw sum, sum, 3
andw t, s2, 255
addw sum, sum, t
shruw t, s2, 8
addw sum, sum, t
addw sum, sum, 4
shruw sum, sum, 3
convwb d, sum


.function pc_chroma_avg_v
# d[i] = (s1[i] + s2[i] + 1) >> 1
.dest 1 d guint8
.source 1 s1 guint8
.source 1 s2 guint8

avgub d, s1, s2


.function pc_chroma_weighted_v
# d[i] = (3 s1[i] + s2[i] + 2) >> 2
.dest 1 d guint8
.source 1 s1 guint8
.source 1 s2 guint8
.temp 2 a
.temp 2 b

convubw a, s1
mullw a, a, 3
convubw b, s2
addw a, a, b
addw a, a, 2
shruw a, a, 2
convwb d, a


.function pc_rgba_to_y
# d[i] = (floor (kr * (R << 8) / 65536) + floor (kg * (G << 8) / 65536)
#         + floor (kb * (B << 8) / 65536) + bias) >> 8
# for the RGBA pixel s[i] (bytes R, G, B, A in memory, read little-endian).
# kr, kg, kb: unsigned Q16; bias: offset * 256 + 128 (rounding).
.dest 1 d guint8
.source 4 s guint8
.param 2 kr
.param 2 kg
.param 2 kb
.param 2 bias
.temp 2 rg
.temp 2 ba
.temp 2 c
.temp 2 acc

splitlw ba, rg, s
shlw c, rg, 8
mulhuw acc, c, kr
andw c, rg, 65280
mulhuw c, c, kg
addw acc, acc, c
shlw c, ba, 8
mulhuw c, c, kb
addw acc, acc, c
addw acc, acc, bias
shruw acc, acc, 8
convwb d, acc


.function pc_rgba_to_uv
# u[i], v[i] from the 2x2 block of RGBA pixels s1[2i], s1[2i+1], s2[2i],
# s2[2i+1].  Per channel the four values are summed and shifted left by 6,
# which is 256 times their mean; then, with unsigned Q16 magnitudes,
#   U = 128 + ((ub*B - ur*R - ug*G, each floor (k * x / 65536)) + 128) >> 8
#   V = 128 + ((vr*R - vg*G - vb*B, likewise) + 128) >> 8
# where the + 128 saturates at 32767 and the shift is arithmetic.
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
.temp 2 t
.temp 2 acc

splitql p1, p0, s1
x4 convubw sum, p0
x4 convubw w, p1
x4 addw sum, sum, w
splitql p1, p0, s2
x4 convubw w, p0
x4 addw sum, sum, w
x4 convubw w, p1
x4 addw sum, sum, w
x4 shlw sum, sum, 6
splitql ba, rg, sum
splitlw g, r, rg
splitlw a, b, ba
mulhuw acc, b, ub
mulhuw t, r, ur
subw acc, acc, t
mulhuw t, g, ug
subw acc, acc, t
addssw acc, acc, 128
shrsw acc, acc, 8
addw acc, acc, 128
convsuswb u, acc
mulhuw acc, r, vr
mulhuw t, g, vg
subw acc, acc, t
mulhuw t, b, vb
subw acc, acc, t
addssw acc, acc, 128
shrsw acc, acc, 8
addw acc, acc, 128
convsuswb v, acc
