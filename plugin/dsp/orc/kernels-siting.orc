# Row kernels for co-sited chroma (mpeg2 siting: horizontally on the even
# luma column, vertically between two rows), the siting GStreamer assumes
# for I420 above 576 lines.  Plain-C twins with the same contract are in
# kernels-siting-c.c; tests/check/fidelity.c compares them exactly.
#
# Horizontally the filter is [1 2 1] / 4 around column 2i: the pixel pair
# (2i, 2i + 1) and the odd pixel of the pair before it, so each kernel
# takes every row twice: s at pair i and p at pair i - 1 (p = s - one
# pair).  Column 0 has no pair before it; the caller finishes it (and an
# odd last column) with the C twin on a copy that repeats the edge pixel.
# With the vertical pair of rows that makes eight weights, summed first and
# rounded once.  Sources must be aligned to their element size.


.function pc_chroma_cosited_h
# d[i] = (p1[2i-1] + 2 s1[2i] + s1[2i+1] + p2[2i-1] + 2 s2[2i] + s2[2i+1]
#         + 4) >> 3, reading each pair of bytes as one little-endian word
.dest 1 d guint8
.source 2 s1 guint8
.source 2 p1 guint8
.source 2 s2 guint8
.source 2 p2 guint8
.temp 2 sum
.temp 2 t

andw t, s1, 255
addw sum, t, t
shruw t, s1, 8
addw sum, sum, t
shruw t, p1, 8
addw sum, sum, t
andw t, s2, 255
addw sum, sum, t
addw sum, sum, t
shruw t, s2, 8
addw sum, sum, t
shruw t, p2, 8
addw sum, sum, t
addw sum, sum, 4
shruw sum, sum, 3
convwb d, sum


.function pc_chroma_cosited_h_weighted
# d[i] = (3 (p1[2i-1] + 2 s1[2i] + s1[2i+1]) + p2[2i-1] + 2 s2[2i]
#         + s2[2i+1] + 8) >> 4, pairs of bytes read as little-endian words
.dest 1 d guint8
.source 2 s1 guint8
.source 2 p1 guint8
.source 2 s2 guint8
.source 2 p2 guint8
.temp 2 sum
.temp 2 t

andw t, s1, 255
addw sum, t, t
shruw t, s1, 8
addw sum, sum, t
shruw t, p1, 8
addw sum, sum, t
mullw sum, sum, 3
andw t, s2, 255
addw sum, sum, t
addw sum, sum, t
shruw t, s2, 8
addw sum, sum, t
shruw t, p2, 8
addw sum, sum, t
addw sum, sum, 8
shruw sum, sum, 4
convwb d, sum


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
# (as pc_rgba_sum_cosited_h writes them), exactly as pc_rgba_to_uv in
# kernels.orc does from its box sums:
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


.function pc_sums_pick_rounded
# a[i], b[i]: the 16-bit words at bit @shift and @shift + 16 of s[i] (as
# pc_rgba_sum_cosited_h writes them, 32 times the weighted sum), divided by
# 256 rounding half up: (sum + 4) >> 3 of the co-sited sum, once.  Packed
# 4:4:4 chroma: AYUV's U and V with shift 32, VUYA's V and U with shift 0;
# @shift is 0, 16 or 32.  The two words are picked from the three 32-bit
# windows of s[i] with masks, not shifted down as one 64-bit word: ORC has
# no NEON code for a 64-bit shift by a parameter.
.dest 1 a guint8
.dest 1 b guint8
.source 8 s guint8
.param 4 shift
.temp 4 lo32
.temp 4 hi32
.temp 4 mid32
.temp 4 t
.temp 4 m
.temp 4 l
.temp 2 lo
.temp 2 hi

splitql hi32, lo32, s
shrul mid32, lo32, 16
shll t, hi32, 16
orl mid32, mid32, t
cmpeql m, shift, 0
andl l, lo32, m
cmpeql m, shift, 16
andl t, mid32, m
orl l, l, t
cmpeql m, shift, 32
andl t, hi32, m
orl l, l, t
splitlw hi, lo, l
addw lo, lo, 128
shruw lo, lo, 8
convwb a, lo
addw hi, hi, 128
shruw hi, hi, 8
convwb b, hi
