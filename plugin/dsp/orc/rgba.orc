# The rgba family's ORC programs (dsp.h's PcDsp).  Each one has a
# plain-C twin with the same contract in ../c/rgba.c (declared, with the
# alignment ORC needs, in ../c/kernels-c.h); tests/dsp/checkdsp
# compares them exactly.  Sources must be aligned to their element size.
#
# RGBA to YUV: Y, and chroma from 2x2 blocks, centred or co-sited.
#
# Everything works in 16-bit lanes so that SSE handles eight samples per
# instruction; 32-bit temporaries would halve that.  The RGB kernels keep
# eight fractional bits: a channel value v becomes v << 8, and mulhuw with a
# Q16 coefficient k gives floor (256 * k * v).
#
# Co-sited (mpeg2 siting: horizontally on the even luma column, vertically
# between two rows), the siting GStreamer assumes for I420 above 576
# lines: horizontally the filter is [1 2 1] / 4 around column 2i, the pixel
# pair (2i, 2i + 1) and the odd pixel of the pair before it, so each
# co-sited kernel takes every row twice: s at pair i and p at pair i - 1
# (p = s - one pair).  Column 0 has no pair before it; the caller finishes
# it (and an odd last column) with the C twin on a copy that repeats the
# edge pixel.  With the vertical pair of rows that makes eight weights,
# summed first and rounded once.


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


.function pc_rgba_sum_cosited_h
# The [1 2 1] x [1 1] weighted sum of the RGBA pixels around column 2i of
# two rows, per channel p1.hi + 2 s1.lo + s1.hi + p2.hi + 2 s2.lo + s2.hi,
# shifted left by 5: 256 times the weighted mean, four 16-bit words R, G,
# B, A in d[i].  (One kernel with the matrix too would need six pointers,
# which ORC's x86-64 register allocation cannot hold.)
.dest 8 d guint8
.source 8 s1 guint8
.source 8 p1 guint8
.source 8 s2 guint8
.source 8 p2 guint8
.temp 4 hi
.temp 4 lo
.temp 8 w
.temp 8 sum

splitql hi, lo, s1
x4 convubw w, lo
x4 addw sum, w, w
x4 convubw w, hi
x4 addw sum, sum, w
splitql hi, lo, p1
x4 convubw w, hi
x4 addw sum, sum, w
splitql hi, lo, s2
x4 convubw w, lo
x4 addw sum, sum, w
x4 addw sum, sum, w
x4 convubw w, hi
x4 addw sum, sum, w
splitql hi, lo, p2
x4 convubw w, hi
x4 addw sum, sum, w
x4 shlw d, sum, 5


.function pc_rgb_sums_to_uv
# u[i], v[i] from 256 times the mean R, G, B in the 16-bit words of s[i]
# (as pc_rgba_sum_cosited_h writes them), exactly as pc_rgba_to_uv
# above does from its box sums:
#   U = 128 + ((ub*B - ur*R - ug*G, each floor (k * x / 65536)) + 128) >> 8
#   V = 128 + ((vr*R - vg*G - vb*B, likewise) + 128) >> 8
.dest 1 u guint8
.dest 1 v guint8
.source 8 s guint8
.param 2 ur
.param 2 ug
.param 2 ub
.param 2 vr
.param 2 vg
.param 2 vb
.temp 4 rg
.temp 4 ba
.temp 2 r
.temp 2 g
.temp 2 b
.temp 2 a
.temp 2 t
.temp 2 acc

splitql ba, rg, s
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
