# The semi_planar family's ORC programs (dsp.h's PcDsp).  Each one has a
# plain-C twin with the same contract in ../c/semi-planar.c (declared, with the
# alignment ORC needs, in ../c/kernels-c.h); tests/dsp/checkdsp
# compares them exactly.  Sources must be aligned to their element size.
#
# Interleaved U and V (NV12 and kin) split into planes, averaged or
# boxed to 4:2:0; orders that exchange U and V swap the destinations.


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


.function pc_uv_swap_avg_v
# d[2i] = (s1[2i+1] + s2[2i+1] + 1) >> 1, d[2i+1] from bytes 2i: NV61
# chroma to NV12's pairs
.dest 2 d guint8
.source 2 s1 guint8
.source 2 s2 guint8
.temp 2 t

x2 avgub t, s1, s2
swapw d, t
