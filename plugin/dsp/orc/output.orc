# The output family's ORC programs (dsp.h's PcDsp).  Each one has a
# plain-C twin with the same contract in ../c/output.c (declared, with the
# alignment ORC needs, in ../c/kernels-c.h); tests/dsp/checkdsp compares
# them exactly.  The destination must be aligned to its element size (2
# bytes), as must pc_uv_swap's source: the output stage gives a row at an
# odd address to the twin.
#
# The rows of output formats other than I420, from the U and V rows the
# walks make or from the input's own interleaved rows.


.function pc_uv_interleave
# d[2i] = u[i], d[2i+1] = v[i]: NV12 chroma
.dest 2 d guint8
.source 1 u guint8
.source 1 v guint8

mergebw d, u, v


.function pc_uv_swap
# d[2i] = s[2i+1], d[2i+1] = s[2i]: NV21 chroma as NV12's
.dest 2 d guint8
.source 2 s guint8

swapw d, s
