# The output family's ORC programs (dsp.h's PcDsp).  Each one has a
# plain-C twin with the same contract in ../c/output.c (declared, with the
# alignment ORC needs, in ../c/kernels-c.h); tests/dsp/checkdsp compares
# them exactly.  The destination must be aligned to its element size (2
# bytes): the output stage gives a row at an odd address to the twin.
#
# The rows of output formats other than I420, from the U and V rows the
# walks make.


.function pc_uv_interleave
# d[2i] = u[i], d[2i+1] = v[i]: NV12 chroma
.dest 2 d guint8
.source 1 u guint8
.source 1 v guint8

mergebw d, u, v
