# The stage family's ORC programs (dsp.h's PcDsp): the general walk's
# stages over 16-bit working rows.  Each has a plain-C twin with the same
# contract in ../c/stage.c (declared in ../c/kernels-c.h); tests/dsp/checkdsp
# compares them exactly.  Sources must be aligned to their element size.
# The pick (any stride) and the co-sited column taps (a source one sample
# to the left) keep their twins; the matrix of bytes has programs for the
# planar layouts (orc/stage.c picks one by its strides); the chroma steps
# (a term repeated for two outputs) keep their twin; the folds of 4:4:4
# chroma read each row as byte pairs (orc/stage.c takes the twin for a row
# at an odd address).


.function pc_stage_rows3
# d[i] = w0 s0[i] + w1 s1[i] + w2 s2[i]: three weighted rows of bytes
.dest 2 d gint16
.source 1 s0 guint8
.source 1 s1 guint8
.source 1 s2 guint8
.param 2 w0
.param 2 w1
.param 2 w2
.temp 2 a
.temp 2 b

convubw a, s0
mullw a, a, w0
convubw b, s1
mullw b, b, w1
addw a, a, b
convubw b, s2
mullw b, b, w2
addw d, a, b


.function pc_stage_rows16
# d[i] = w0 s0[i] + w1 s1[i] + w2 s2[i] of 16-bit words, each read as
# min (word >> shift, 1023)
.dest 2 d gint16
.source 2 s0 guint16
.source 2 s1 guint16
.source 2 s2 guint16
.param 2 w0
.param 2 w1
.param 2 w2
.param 2 shift
.const 2 top 1023
.temp 2 a
.temp 2 b

shruw a, s0, shift
minuw a, a, top
mullw a, a, w0
shruw b, s1, shift
minuw b, b, top
mullw b, b, w1
addw a, a, b
shruw b, s2, shift
minuw b, b, top
mullw b, b, w2
addw d, a, b


.function pc_stage_taps_box
# d[i] = s[2i] + s[2i + 1]
.dest 2 d gint16
.source 4 s gint16
.temp 2 lo
.temp 2 hi

splitlw hi, lo, s
addw d, lo, hi


.function pc_stage_matrix
# d[i] = clamp ((m0 s0[i] + m1 s1[i] + m2 s2[i] + bias) >> shift, 0, 255)
.dest 1 d guint8
.source 2 s0 gint16
.source 2 s1 gint16
.source 2 s2 gint16
.param 2 m0
.param 2 m1
.param 2 m2
.param 4 bias
.param 4 shift
.temp 4 a
.temp 4 b
.temp 2 w

mulswl a, s0, m0
mulswl b, s1, m1
addl a, a, b
mulswl b, s2, m2
addl a, a, b
addl a, a, bias
shrsl a, a, shift
convssslw w, a
convsuswb d, w


.function pc_stage_round_by
# d[i] = clamp ((s[i] + round) >> shift, 0, 255), round = 2^(shift - 1);
# the saturating add changes only sums that clamp to 255
.dest 1 d guint8
.source 2 s gint16
.param 2 round
.param 2 shift
.temp 2 t

addssw t, s, round
shrsw t, t, shift
convsuswb d, t


.function pc_stage_resite_pairs
# d[i] = min (255, (wa a[i] + wb b[i] + wc c[i] + we e[i] + half) >> shift):
# stage_resite_bytes with a = s0 - 1, b = s0, c = s1 - 1, e = s1 and the
# row weights folded into the column weights (every product at most 64,
# so the sum stays inside 15 bits)
.dest 1 d guint8
.source 1 a guint8
.source 1 b guint8
.source 1 c guint8
.source 1 e guint8
.param 2 wa
.param 2 wb
.param 2 wc
.param 2 we
.param 2 half
.param 2 shift
.temp 2 x
.temp 2 y

convubw x, a
mullw x, x, wa
convubw y, b
mullw y, y, wb
addw x, x, y
convubw y, c
mullw y, y, wc
addw x, x, y
convubw y, e
mullw y, y, we
addw x, x, y
addw x, x, half
shruw x, x, shift
convsuswb d, x


.function pc_stage_resite_pairs3
# pc_stage_resite_pairs of three rows: stage_resite_bytes with a = s0 - 1,
# b = s0, c = s1 - 1, e = s1, f = s2 - 1, g = s2 (every product at most
# 64 and their sum too)
.dest 1 d guint8
.source 1 a guint8
.source 1 b guint8
.source 1 c guint8
.source 1 e guint8
.source 1 f guint8
.source 1 g guint8
.param 2 wa
.param 2 wb
.param 2 wc
.param 2 we
.param 2 wf
.param 2 wg
.param 2 half
.param 2 shift
.temp 2 x
.temp 2 y

convubw x, a
mullw x, x, wa
convubw y, b
mullw y, y, wb
addw x, x, y
convubw y, c
mullw y, y, wc
addw x, x, y
convubw y, e
mullw y, y, we
addw x, x, y
convubw y, f
mullw y, y, wf
addw x, x, y
convubw y, g
mullw y, y, wg
addw x, x, y
addw x, x, half
shruw x, x, shift
convsuswb d, x


.function pc_stage_fold_box3
# d[i] = min (255, (w0 (a0 + a1) + w1 (b0 + b1) + w2 (c0 + c1) + half) >>
# shift), each source word the byte pair (2i, 2i + 1) of a row:
# stage_fold_bytes of box columns (the sums stay inside 15 bits)
.dest 1 d guint8
.source 2 a guint16
.source 2 b guint16
.source 2 c guint16
.param 2 w0
.param 2 w1
.param 2 w2
.param 2 half
.param 2 shift
.temp 2 x
.temp 2 y
.temp 2 t

andw x, a, 255
shruw t, a, 8
addw x, x, t
mullw x, x, w0
andw y, b, 255
shruw t, b, 8
addw y, y, t
mullw y, y, w1
addw x, x, y
andw y, c, 255
shruw t, c, 8
addw y, y, t
mullw y, y, w2
addw x, x, y
addw x, x, half
shruw x, x, shift
convsuswb d, x


.function pc_stage_fold_cosited3
# stage_fold_bytes of [1 2 1] columns: as pc_stage_fold_box3, each row's
# term w (p1 + 2 s0 + s1) with p the word before s (the pair 2i - 2,
# 2i - 1), so that every source stays aligned
.dest 1 d guint8
.source 2 pa guint16
.source 2 a guint16
.source 2 pb guint16
.source 2 b guint16
.source 2 pc guint16
.source 2 c guint16
.param 2 w0
.param 2 w1
.param 2 w2
.param 2 half
.param 2 shift
.temp 2 x
.temp 2 y
.temp 2 t

andw y, a, 255
shlw y, y, 1
shruw t, a, 8
addw y, y, t
shruw t, pa, 8
addw y, y, t
mullw x, y, w0
andw y, b, 255
shlw y, y, 1
shruw t, b, 8
addw y, y, t
shruw t, pb, 8
addw y, y, t
mullw y, y, w1
addw x, x, y
andw y, c, 255
shlw y, y, 1
shruw t, c, 8
addw y, y, t
shruw t, pc, 8
addw y, y, t
mullw y, y, w2
addw x, x, y
addw x, x, half
shruw x, x, shift
convsuswb d, x


.function pc_stage_matrix_bytes_444
# stage_matrix_bytes of planar 4:4:4 (strides 1, sub 0):
# d[i] = clamp ((m0 s0[i] + m1 s1[i] + m2 s2[i] + bias) >> shift, 0, 255)
.dest 1 d guint8
.source 1 s0 guint8
.source 1 s1 guint8
.source 1 s2 guint8
.param 2 m0
.param 2 m1
.param 2 m2
.param 4 bias
.param 4 shift
.temp 2 w
.temp 4 a
.temp 4 b

convubw w, s0
mulswl a, w, m0
convubw w, s1
mulswl b, w, m1
addl a, a, b
convubw w, s2
mulswl b, w, m2
addl a, a, b
addl a, a, bias
shrsl a, a, shift
convssslw w, a
convsuswb d, w


.function pc_stage_matrix_bytes_422
# stage_matrix_bytes of planar 4:2:2 and 4:2:0 rows (strides 1, sub 1),
# one chroma sample and its two luma samples a step: the chroma term
# m1 u + m2 v + bias once, each luma sample's sum rounded as above
.dest 2 d guint8
.source 2 s0 guint8
.source 1 s1 guint8
.source 1 s2 guint8
.param 2 m0
.param 2 m1
.param 2 m2
.param 4 bias
.param 4 shift
.temp 2 w
.temp 4 c
.temp 4 a
.temp 1 y
.temp 1 lo
.temp 1 hi

convubw w, s1
mulswl c, w, m1
convubw w, s2
mulswl a, w, m2
addl c, c, a
addl c, c, bias
select0wb y, s0
convubw w, y
mulswl a, w, m0
addl a, a, c
shrsl a, a, shift
convssslw w, a
convsuswb lo, w
select1wb y, s0
convubw w, y
mulswl a, w, m0
addl a, a, c
shrsl a, a, shift
convssslw w, a
convsuswb hi, w
mergebw d, lo, hi


.function pc_stage_add_steps
# d[i] = y[i] + up[i] - down[i], each step saturated at 0 and 255
.dest 1 d guint8
.source 1 y guint8
.source 1 up guint8
.source 1 down guint8
.temp 1 raised

addusb raised, y, up
subusb d, raised, down


.function pc_stage_widen_10
# d[i] = s[i] << shift: bytes a sample apart into 16-bit words (shift is
# 2 + the output's shift)
.dest 2 d guint16
.source 1 s guint8
.param 2 shift
.temp 2 t

convubw t, s
shlw d, t, shift


.function pc_stage_keep_10
# d[i] = min (s[i] >> read_shift, 1023) << out_shift: 16-bit words
.dest 2 d guint16
.source 2 s guint16
.param 2 read_shift
.param 2 out_shift
.const 2 top 1023
.temp 2 t

shruw t, s, read_shift
minuw t, t, top
shlw d, t, out_shift
