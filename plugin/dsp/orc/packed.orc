# The packed family's ORC programs (dsp.h's PcDsp).  Each one has a
# plain-C twin with the same contract in ../c/packed.c (declared, with the
# alignment ORC needs, in ../c/kernels-c.h); tests/dsp/checkdsp
# compares them exactly.  Sources must be aligned to their element size.
#
# Packed 4:2:2 (YUY2 and kin) and 4:4:4 (AYUV, VUYA) luma and chroma;
# co-sited 4:4:4 chroma is rgba.orc's pc_rgba_sum_cosited_h then
# pc_sums_pick_rounded here, chained by ../orc/packed.c.
#
# Byte and channel order are parameters, not copies: a shift picks the
# byte of a packed word, and the caller swaps destination pointers for
# orders that only exchange U and V.


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


.function pc_packed422_to_uv_cosited_v
# Chroma co-sited with row s1, weighed [1 2 1] with s0 and s2:
# (x + 2 y + z + 2) >> 2 of each byte, taken as the rounded mean of y and
# the floored mean of x and z (exact for every three bytes), then split as
# pc_packed422_to_uv splits (shift as there)
.dest 1 a guint8
.dest 1 b guint8
.source 4 s0 guint8
.source 4 s1 guint8
.source 4 s2 guint8
.param 2 shift
.temp 4 t
.temp 4 odd
.temp 2 lo
.temp 2 hi

x4 avgub t, s0, s2
xorl odd, s0, s2
andl odd, odd, 0x01010101
x4 subb t, t, odd
x4 avgub t, s1, t
splitlw hi, lo, t
shruw lo, lo, shift
convwb a, lo
shruw hi, hi, shift
convwb b, hi


.function pc_packed422_to_uv_pairs
# NV12's pairs from the bytewise average of s1[i] and s2[i]: d[i] = U | V << 8,
# U the byte (ushift / 8) of the average, V the byte (vshift / 8);
# ../orc/packed.c passes vshift = ushift ^ 16, U's byte and the one two over
.dest 2 d guint8
.source 4 s1 guint8
.source 4 s2 guint8
.param 4 ushift
.param 4 vshift
.temp 4 t
.temp 4 x
.temp 2 w
.temp 1 u
.temp 1 v

x4 avgub t, s1, s2
shrul x, t, ushift
convlw w, x
convwb u, w
shrul x, t, vshift
convlw w, x
convwb v, w
mergebw d, u, v


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
