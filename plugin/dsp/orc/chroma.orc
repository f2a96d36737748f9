# The chroma family's ORC programs (dsp.h's PcDsp).  Each one has a
# plain-C twin with the same contract in ../c/chroma.c (declared, with the
# alignment ORC needs, in ../c/kernels-c.h); tests/dsp/checkdsp
# compares them exactly.  Sources must be aligned to their element size.
#
# Planar 4:4:4 and 4:2:2 chroma to 4:2:0: the 2x2 box, the vertical
# average, their interlaced-field versions (3/4 from the nearer row) and
# the co-sited ones.
#
# Everything works in 16-bit lanes so that SSE handles eight samples per
# instruction; 32-bit temporaries would halve that.
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


.function pc_chroma_avg_v_double_pairs
# d[2i] = d[2i + 1] = (s1[i] + s2[i] + 1) >> 1
.dest 2 d guint8
.source 1 s1 guint8
.source 1 s2 guint8
.temp 1 t

avgub t, s1, s2
mergebw d, t, t


.function pc_chroma_box_2x2_pairs
# d[2i] = (u1[2i] + u1[2i+1] + u2[2i] + u2[2i+1] + 2) >> 2, d[2i+1] the
# same of v1, v2: NV12's pairs, each written as one word
.dest 2 d guint8
.source 2 u1 guint8
.source 2 u2 guint8
.source 2 v1 guint8
.source 2 v2 guint8
.temp 2 sum
.temp 2 t
.temp 1 u
.temp 1 v

andw sum, u1, 255
shruw t, u1, 8
addw sum, sum, t
andw t, u2, 255
addw sum, sum, t
shruw t, u2, 8
addw sum, sum, t
addw sum, sum, 2
shruw sum, sum, 2
convwb u, sum
andw sum, v1, 255
shruw t, v1, 8
addw sum, sum, t
andw t, v2, 255
addw sum, sum, t
shruw t, v2, 8
addw sum, sum, t
addw sum, sum, 2
shruw sum, sum, 2
convwb v, sum
mergebw d, u, v


.function pc_chroma_avg_v_pairs
# d[2i] = (u1[i] + u2[i] + 1) >> 1, d[2i+1] = (v1[i] + v2[i] + 1) >> 1
.dest 2 d guint8
.source 1 u1 guint8
.source 1 u2 guint8
.source 1 v1 guint8
.source 1 v2 guint8
.temp 1 u
.temp 1 v

avgub u, u1, u2
avgub v, v1, v2
mergebw d, u, v


.function pc_chroma_avg_v_double_uv
# d[4i] = d[4i+2] = (u1[i] + u2[i] + 1) >> 1, d[4i+1] = d[4i+3] the same
# of v1, v2: two NV12 pairs of 4:1:1 chroma, written as one 4-byte element
.dest 4 d guint8
.source 1 u1 guint8
.source 1 u2 guint8
.source 1 v1 guint8
.source 1 v2 guint8
.temp 1 u
.temp 1 v
.temp 2 pair

avgub u, u1, u2
avgub v, v1, v2
mergebw pair, u, v
mergewl d, pair, pair


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
