# The rgb family's ORC programs (dsp.h's PcDsp).  Each one has a
# plain-C twin with the same contract in ../c/rgb.c (declared, with the
# alignment ORC needs, in ../c/kernels-c.h); tests/dsp/checkdsp
# compares them exactly.  Sources must be aligned to their element size.
#
# RGB in the 4-byte orders beyond RGBA, as the rgba programs with a
# shift; 3-byte RGB has no ORC program (ORC has no 3-byte elements).
#
# Byte and channel order are parameters, not copies: a shift picks the
# byte of a packed word, and the caller swaps destination pointers for
# orders that only exchange U and V.


.function pc_rgb4_to_y
# pc_rgba_to_y (rgba.orc) on the pixel word shifted right by `shift`
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
# pc_rgba_to_uv (rgba.orc) on pixel words shifted right by `shift`, with
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
