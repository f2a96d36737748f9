# Row kernels for the input formats beyond Y444, Y42B and RGBA.  Each one
# has a plain-C twin with the same contract in kernels-formats-c.c;
# tests/check/kernels-formats.c compares them exactly.  Sources must be
# aligned to their element size (see kernels-formats-c.h).
#
# Byte and channel order are parameters, not copies: a shift picks the
# byte of a packed word, and the caller swaps destination pointers for
# orders that only exchange U and V.


.function pc_uv_deinterleave
# u[i] = s[2i], v[i] = s[2i+1]: NV12 chroma (NV21 swaps u and v)
.dest 1 u guint8
.dest 1 v guint8
.source 2 s guint8

splitwb v, u, s


.function pc_uv_deinterleave_avg_v
# u[i] = (s1[2i] + s2[2i] + 1) >> 1, v[i] likewise from s1[2i+1], s2[2i+1]:
# NV16 chroma to 4:2:0 (NV61 swaps u and v)
.dest 1 u guint8
.dest 1 v guint8
.source 2 s1 guint8
.source 2 s2 guint8
.temp 2 t

x2 avgub t, s1, s2
splitwb v, u, t


.function pc_uv_deinterleave_box_2x2
# u[i] = (s1[4i] + s1[4i+2] + s2[4i] + s2[4i+2] + 2) >> 2, v[i] likewise
# from bytes 4i+1 and 4i+3: NV24 chroma (NV42 would swap u and v)
.dest 1 u guint8
.dest 1 v guint8
.source 4 s1 guint8
.source 4 s2 guint8
.temp 2 p0
.temp 2 p1
.temp 4 sum
.temp 4 w
.temp 2 t

splitlw p1, p0, s1
x2 convubw sum, p0
x2 convubw w, p1
x2 addw sum, sum, w
splitlw p1, p0, s2
x2 convubw w, p0
x2 addw sum, sum, w
x2 convubw w, p1
x2 addw sum, sum, w
x2 addw sum, sum, 2
x2 shruw sum, sum, 2
x2 convwb t, sum
splitwb v, u, t


.function pc_packed422_to_y
# d[i] = byte (shift / 8) of the 2-byte word s[i]: YUY2 and YVYU luma with
# shift 0, UYVY with shift 8
.dest 1 d guint8
.source 2 s guint8
.param 2 shift
.temp 2 t

shruw t, s, shift
convwb d, t


.function pc_packed422_to_uv
# Averages the 4-byte macropixels s1[i] and s2[i] bytewise, (x + y + 1) >> 1,
# then a[i] = byte (shift / 8) of the average's first word and b[i] of its
# second: YUY2 (a = U, b = V) and YVYU (a = V, b = U) with shift 8, UYVY
# (a = U, b = V) with shift 0
.dest 1 a guint8
.dest 1 b guint8
.source 4 s1 guint8
.source 4 s2 guint8
.param 2 shift
.temp 4 t
.temp 2 lo
.temp 2 hi

x4 avgub t, s1, s2
splitlw hi, lo, t
shruw lo, lo, shift
convwb a, lo
shruw hi, hi, shift
convwb b, hi


.function pc_packed422_to_uv_weighted
# An interlaced field's chroma: a[i] = (3 x + y + 2) >> 2 with x, y the
# bytes (shift / 8) of the first words of s1[i] and s2[i], b[i] likewise
# from their second words (shift as pc_packed422_to_uv)
.dest 1 a guint8
.dest 1 b guint8
.source 4 s1 guint8
.source 4 s2 guint8
.param 2 shift
.temp 2 lo
.temp 2 hi
.temp 2 x
.temp 2 y

splitlw hi, lo, s1
shruw x, lo, shift
andw x, x, 255
mullw x, x, 3
splitlw hi, lo, s2
shruw y, lo, shift
andw y, y, 255
addw x, x, y
addw x, x, 2
shruw x, x, 2
convwb a, x
splitlw hi, lo, s1
shruw x, hi, shift
andw x, x, 255
mullw x, x, 3
splitlw hi, lo, s2
shruw y, hi, shift
andw y, y, 255
addw x, x, y
addw x, x, 2
shruw x, x, 2
convwb b, x


.function pc_packed444_to_y
# d[i] = byte (shift / 8) of the 4-byte pixel s[i]: AYUV luma with shift 8,
# VUYA with shift 16
.dest 1 d guint8
.source 4 s guint8
.param 4 shift
.temp 4 t
.temp 2 w

shrul t, s, shift
convlw w, t
convwb d, w


.function pc_packed444_box_2x2
# With c0 and c1 the bytes shift / 8 and shift / 8 + 1 of each 4-byte pixel:
# a[i] = (c0 of s1[2i], s1[2i+1], s2[2i], s2[2i+1] summed + 2) >> 2, b[i]
# likewise from c1: AYUV (a = U, b = V) with shift 16, VUYA (a = V, b = U)
# with shift 0
.dest 1 a guint8
.dest 1 b guint8
.source 8 s1 guint8
.source 8 s2 guint8
.param 4 shift
.temp 8 q
.temp 4 p0
.temp 4 p1
.temp 2 c
.temp 4 sum
.temp 4 w
.temp 2 t

x2 shrul q, s1, shift
splitql p1, p0, q
convlw c, p0
x2 convubw sum, c
convlw c, p1
x2 convubw w, c
x2 addw sum, sum, w
x2 shrul q, s2, shift
splitql p1, p0, q
convlw c, p0
x2 convubw w, c
x2 addw sum, sum, w
convlw c, p1
x2 convubw w, c
x2 addw sum, sum, w
x2 addw sum, sum, 2
x2 shruw sum, sum, 2
x2 convwb t, sum
splitwb b, a, t


.function pc_u16_to_u8
# d[i] = min (255, min (65535, s[i] + round) >> shift): 10-bit samples to
# 8 bits, rounded once (I420_10LE: round 2, shift 2; P010: round 128,
# shift 8)
.dest 1 d guint8
.source 2 s guint8
.param 2 round
.param 2 shift
.temp 2 t

addusw t, s, round
shruw t, t, shift
convuuswb d, t


.function pc_u16_uv_deinterleave_to_u8
# u[i] from the 16-bit word s[2i], v[i] from s[2i+1], each as pc_u16_to_u8:
# P010 chroma
.dest 1 u guint8
.dest 1 v guint8
.source 4 s guint8
.param 2 round
.param 2 shift
.temp 2 lo
.temp 2 hi

splitlw hi, lo, s
addusw lo, lo, round
shruw lo, lo, shift
convuuswb u, lo
addusw hi, hi, round
shruw hi, hi, shift
convuuswb v, hi


.function pc_u16_avg_v_to_u8
# d[i] = min (255, (s1[i] + s2[i] + round) >> shift), summed in 32 bits:
# I422_10LE chroma (round 4, shift 3), the average rounded once
.dest 1 d guint8
.source 2 s1 guint8
.source 2 s2 guint8
.param 4 round
.param 4 shift
.temp 4 a
.temp 4 b
.temp 2 t

convuwl a, s1
convuwl b, s2
addl a, a, b
addl a, a, round
shrul a, a, shift
convssslw t, a
convsuswb d, t


.function pc_u16_box_2x2_to_u8
# d[i] = min (255, (s1[2i] + s1[2i+1] + s2[2i] + s2[2i+1] + round) >> shift),
# summed in 32 bits: Y444_10LE chroma (round 8, shift 4), rounded once
.dest 1 d guint8
.source 4 s1 guint8
.source 4 s2 guint8
.param 4 round
.param 4 shift
.temp 2 lo
.temp 2 hi
.temp 4 sum
.temp 4 w
.temp 2 t

splitlw hi, lo, s1
convuwl sum, lo
convuwl w, hi
addl sum, sum, w
splitlw hi, lo, s2
convuwl w, lo
addl sum, sum, w
convuwl w, hi
addl sum, sum, w
addl sum, sum, round
shrul sum, sum, shift
convssslw t, sum
convsuswb d, t


.function pc_rgb4_to_y
# pc_rgba_to_y (kernels.orc) on the pixel word shifted right by `shift`
# (0 or 8), with k0, k1, k2 the weights of bytes 0, 1, 2 of the shifted
# word: RGBx (kr, kg, kb) and BGRx/BGRA (kb, kg, kr) with shift 0,
# xRGB/ARGB and xBGR/ABGR with shift 8.  The sum wraps at 16 bits, so
# the order of the terms does not change the result.
.dest 1 d guint8
.source 4 s guint8
.param 4 shift
.param 2 k0
.param 2 k1
.param 2 k2
.param 2 bias
.temp 4 px
.temp 2 lo
.temp 2 hi
.temp 2 c
.temp 2 acc

shrul px, s, shift
splitlw hi, lo, px
shlw c, lo, 8
mulhuw acc, c, k0
andw c, lo, 65280
mulhuw c, c, k1
addw acc, acc, c
shlw c, hi, 8
mulhuw c, c, k2
addw acc, acc, c
addw acc, acc, bias
shruw acc, acc, 8
convwb d, acc


.function pc_rgb4_to_uv
# pc_rgba_to_uv (kernels.orc) on pixel words shifted right by `shift`, with
# P0, P1, P2 the block sums of bytes 0, 1, 2 of the shifted words:
#   u = 128 + ((k2u*P2 - k0u*P0 - k1u*P1) + 128) >> 8
#   v = 128 + ((k0v*P0 - k1v*P1 - k2v*P2) + 128) >> 8
# For BGR orders the caller passes V's coefficients as (k0u, k1u, k2u) =
# (vb, vg, vr) with u pointing at the V plane, and U's as (k0v, k1v, k2v)
# = (ub, ug, ur) with v pointing at the U plane.
.dest 1 u guint8
.dest 1 v guint8
.source 8 s1 guint8
.source 8 s2 guint8
.param 4 shift
.param 2 k0u
.param 2 k1u
.param 2 k2u
.param 2 k0v
.param 2 k1v
.param 2 k2v
.temp 8 q
.temp 4 p0
.temp 4 p1
.temp 8 w
.temp 8 sum
.temp 4 lo
.temp 4 hi
.temp 2 c0
.temp 2 c1
.temp 2 c2
.temp 2 c3
.temp 2 t
.temp 2 acc

x2 shrul q, s1, shift
splitql p1, p0, q
x4 convubw sum, p0
x4 convubw w, p1
x4 addw sum, sum, w
x2 shrul q, s2, shift
splitql p1, p0, q
x4 convubw w, p0
x4 addw sum, sum, w
x4 convubw w, p1
x4 addw sum, sum, w
x4 shlw sum, sum, 6
splitql hi, lo, sum
splitlw c1, c0, lo
splitlw c3, c2, hi
mulhuw acc, c2, k2u
mulhuw t, c0, k0u
subw acc, acc, t
mulhuw t, c1, k1u
subw acc, acc, t
addssw acc, acc, 128
shrsw acc, acc, 8
addw acc, acc, 128
convsuswb u, acc
mulhuw acc, c0, k0v
mulhuw t, c1, k1v
subw acc, acc, t
mulhuw t, c2, k2v
subw acc, acc, t
addssw acc, acc, 128
shrsw acc, acc, 8
addw acc, acc, 128
convsuswb v, acc
