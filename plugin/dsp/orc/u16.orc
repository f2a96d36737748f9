# The u16 family's ORC programs (dsp.h's PcDsp).  Each one has a
# plain-C twin with the same contract in ../c/u16.c (declared, with the
# alignment ORC needs, in ../c/kernels-c.h); tests/dsp/checkdsp
# compares them exactly.  Sources must be aligned to their element size.
#
# 16-bit little-endian samples (10-bit YUV, P010) to 8 bits, rounded once:
# one row, its interleaved U and V, two rows averaged or boxed.


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


.function pc_u16_pairs_to_u8
# d[2i] from u[i], d[2i+1] from v[i], each as pc_u16_to_u8: I420_10LE
# chroma as NV12's pairs
.dest 2 d guint8
.source 2 u guint8
.source 2 v guint8
.param 2 round
.param 2 shift
.temp 2 t
.temp 1 a
.temp 1 b

addusw t, u, round
shruw t, t, shift
convuuswb a, t
addusw t, v, round
shruw t, t, shift
convuuswb b, t
mergebw d, a, b


.function pc_u16_avg_v_pairs_to_u8
# d[2i] from u1[i] and u2[i], d[2i+1] from v1[i] and v2[i], each as
# pc_u16_avg_v_to_u8: I422_10LE chroma as NV12's pairs
.dest 2 d guint8
.source 2 u1 guint8
.source 2 u2 guint8
.source 2 v1 guint8
.source 2 v2 guint8
.param 4 round
.param 4 shift
.temp 4 s
.temp 4 w
.temp 2 t
.temp 1 a
.temp 1 b

convuwl s, u1
convuwl w, u2
addl s, s, w
addl s, s, round
shrul s, s, shift
convssslw t, s
convsuswb a, t
convuwl s, v1
convuwl w, v2
addl s, s, w
addl s, s, round
shrul s, s, shift
convssslw t, s
convsuswb b, t
mergebw d, a, b
