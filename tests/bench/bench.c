/* pooledconvert benchmarks
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Time, heap allocations and bytes allocated per frame for pooledconvert
 * (pool-mode=own and pool-mode=none), videoconvert, libyuv and a plain
 * memcpy, at two levels, with one thread and with two (n-threads=2):
 *
 *  - stream: a ring of pre-filled input frames larger than the last-level
 *    cache flows through appsrc ! ELEMENT ! capsfilter ! fakesink;
 *    pooledconvert's kernel, libyuv and memcpy walk the same ring in a plain
 *    loop (no pipeline), which shows what the pipeline itself costs;
 *  - kernel: one frame, converted again and again (hot cache), by
 *    pc_convert_plan_run (with the process's kernels and with each kernel
 *    tier forced), a GstVideoConverter set up like videoconvert's
 *    defaults, libyuv and memcpy.
 *
 * Every measurement is repeated (n runs), with the variants of a case
 * interleaved and their order shuffled from run to run, and reported as
 * median +- the 95 % confidence interval of the median, with Mann-Whitney U
 * p-values for each comparison.  Allocations are counted over the whole
 * process (every thread) while frames flow: see alloccount.c.
 *
 * A second scenario holds K output frames downstream for a while, then lets
 * go, and follows the size of pooledconvert's pool over time.
 *
 * usage: pooledconvert-bench [--quick] [--runs N] [--target-ms MS]
 *            [--ring-mib MIB] [--formats I444,Y42B,RGBA,I420,NV12,...|all]
 *            [--sizes 720x480,...] [--csv FILE] [--json FILE]
 *            [--only ID,...] [--retained-csv FILE] [--no-retained]
 *            [--output-format I420|NV12|I420_10LE|P010_10LE] [--check]
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <gst/gst.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>

#ifdef HAVE_LIBYUV
#include <libyuv.h>
#endif

#include "alloccount.h"
#include "benchstats.h"
#include "convert/convert.h"
#include "convert/workers.h"

/* ---- variants ------------------------------------------------------------ */

typedef enum
{
  LEVEL_STREAM,
  LEVEL_KERNEL,
} Level;

typedef enum
{
  KIND_PIPELINE,                /* a GStreamer element in a pipeline */
  KIND_PC_KERNEL,               /* pc_convert_plan_run */
  KIND_VC_KERNEL,               /* GstVideoConverter */
  KIND_LIBYUV,
  KIND_MEMCPY,
} Kind;

typedef struct
{
  const gchar *id;              /* short, for CSV/JSON and table headers */
  const gchar *title;
  Level level;
  Kind kind;
  const gchar *element;         /* KIND_PIPELINE: factory name */
  const gchar *prop;            /* and one property... */
  const gchar *value;           /* ...set to this */
  guint threads;                /* KIND_VC_KERNEL: converter threads */
  const gchar *kernels;         /* KIND_PC_KERNEL: forced kernel tier, or
                                 * NULL for the process's (PC_KERNELS) */
  guint out_delta;              /* KIND_PC_KERNEL at the stream level: the
                                 * output frame starts this many bytes after
                                 * the input's offset in a 4 KiB page (0: a
                                 * buffer from the system allocator) */
  gboolean centred;             /* pooledconvert: output chroma-site=jpeg
                                 * (box) whatever the size's default, to
                                 * weigh the default siting against it */
  gboolean consumer_reads;      /* KIND_PIPELINE: the sink sums each
                                 * frame's luma plane, as an encoder would
                                 * read it next (what normal stores leave
                                 * in the cache counts) */
  gboolean default_path;        /* pooledconvert: progressive input and no
                                 * chroma-site or colorimetry asked of it
                                 * (--chroma-site, --colorimetry and
                                 * --interlaced ignored): the same samples
                                 * on the input's default path */
  gboolean i420_out;            /* pooledconvert: I420 output whatever
                                 * --output-format says, to weigh the
                                 * other output format against it */
} Variant;

/* KIND_PC_KERNEL with threads = PC_BENCH_WORKERS runs on the worker set;
 * the other pc variants (threads 0) on the calling thread alone. */
#define PC_BENCH_WORKERS 2

enum
{
  V_OWN, V_NONE, V_NOTRIM, V_OWN_NT2, V_OWN_JPEG, V_OWN_DEFAULT, V_OWN_I420,
  V_VC, V_VC_NT1,
  V_VC_NT0,
  V_OWN_READ, V_VC_READ, V_PC_LOOP,
  V_PC_LOOP_C, V_PC_LOOP_ORC, V_PC_LOOP_AVX2, V_PC_LOOP_NT2,
  V_PC_LOOP_ALIAS, V_PC_LOOP_APART, V_PC_LOOP_JPEG, V_LIBYUV,
  V_MEMCPY, V_K_PC, V_K_PC_C, V_K_PC_ORC, V_K_PC_AVX2, V_K_PC_NT2, V_K_PC_JPEG,
  V_K_VC,
  V_K_VC_NT0, V_K_LIBYUV, V_K_MEMCPY,
  N_VARIANTS
};

static const Variant variants[N_VARIANTS] = {
  {"own", "pooledconvert pool-mode=own", LEVEL_STREAM, KIND_PIPELINE,
      "pooledconvert", "pool-mode", "own", 0},
  {"none", "pooledconvert pool-mode=none", LEVEL_STREAM, KIND_PIPELINE,
      "pooledconvert", "pool-mode", "none", 0},
  /* what trimming costs in steady state: own with trimming off */
  {"own-notrim", "pooledconvert pool-mode=own trim-window=0", LEVEL_STREAM,
      KIND_PIPELINE, "pooledconvert", "trim-window", "0", 0},
  /* two threads; on a 2-core machine the producer competes for the second */
  {"own-nt2", "pooledconvert n-threads=2", LEVEL_STREAM, KIND_PIPELINE,
      "pooledconvert", "n-threads", "2", 0},
  /* centred chroma where the size's default is co-sited (mpeg2, above
   * 576 lines): what the default siting costs in the pipeline */
  {"own-jpeg", "pooledconvert, I420 chroma-site=jpeg", LEVEL_STREAM,
      KIND_PIPELINE, "pooledconvert", NULL, NULL, 0, NULL, 0, TRUE},
  /* what asking for another siting, matrix or interlacing costs: the same
   * input bytes converted on the default path */
  {"own-default", "pooledconvert, default path (progressive, nothing "
        "asked)", LEVEL_STREAM, KIND_PIPELINE, "pooledconvert", NULL, NULL,
      0, NULL, 0, FALSE, FALSE, TRUE},
  /* what NV12 output costs (--output-format NV12): the same conversion
   * to I420 */
  {"own-i420", "pooledconvert, I420 output (whatever --output-format "
        "asks)", LEVEL_STREAM, KIND_PIPELINE, "pooledconvert", NULL, NULL,
      0, NULL, 0, FALSE, FALSE, FALSE, TRUE},
  {"vc", "videoconvert (defaults)", LEVEL_STREAM, KIND_PIPELINE,
      "videoconvert", NULL, NULL, 0},
  {"vc-nt1", "videoconvert n-threads=1", LEVEL_STREAM, KIND_PIPELINE,
      "videoconvert", "n-threads", "1", 0},
  {"vc-nt0", "videoconvert n-threads=0 (all cores)", LEVEL_STREAM,
      KIND_PIPELINE, "videoconvert", "n-threads", "0", 0},
  /* the consumer reads each frame: streaming stores leave nothing of the
   * output in the cache, normal ones leave its last part */
  {"own-read", "pooledconvert pool-mode=own, the sink sums the luma",
        LEVEL_STREAM, KIND_PIPELINE, "pooledconvert", "pool-mode", "own", 0,
      NULL, 0, FALSE, TRUE},
  {"vc-read", "videoconvert (defaults), the sink sums the luma",
        LEVEL_STREAM, KIND_PIPELINE, "videoconvert", NULL, NULL, 0, NULL, 0,
      FALSE, TRUE},
  {"pc-loop", "pc_convert_plan_run (loop over the ring)", LEVEL_STREAM,
      KIND_PC_KERNEL, NULL, NULL, NULL, 0},
  /* the same with each kernel tier forced (see plugin/dsp/dsp.h) */
  {"pc-loop-c", "pc_convert_plan_run, C kernels (loop over the ring)",
      LEVEL_STREAM, KIND_PC_KERNEL, NULL, NULL, NULL, 0, "c"},
  {"pc-loop-orc", "pc_convert_plan_run, ORC kernels (loop over the ring)",
      LEVEL_STREAM, KIND_PC_KERNEL, NULL, NULL, NULL, 0, "orc"},
  {"pc-loop-avx2", "pc_convert_plan_run, AVX2 kernels (loop over the ring)",
      LEVEL_STREAM, KIND_PC_KERNEL, NULL, NULL, NULL, 0, "avx2"},
  {"pc-loop-nt2", "pc_convert_plan_run, 2 threads (worker set; loop over "
        "the ring)", LEVEL_STREAM, KIND_PC_KERNEL, NULL, NULL, NULL,
      PC_BENCH_WORKERS},
  /* the pool-vs-none experiment: the same loop with the output rows 32
   * bytes after the input rows in their pages (4 KiB aliasing of loads and
   * stores), and half a page away */
  {"pc-loop-alias", "pc_convert_plan_run, output at the input's page "
        "offset + 32 (loop over the ring)", LEVEL_STREAM, KIND_PC_KERNEL,
      NULL, NULL, NULL, 0, NULL, 32},
  {"pc-loop-apart", "pc_convert_plan_run, output at the input's page "
        "offset + 2048 (loop over the ring)", LEVEL_STREAM, KIND_PC_KERNEL,
      NULL, NULL, NULL, 0, NULL, 2048},
  /* as k-pc-jpeg below, on cold frames */
  {"pc-loop-jpeg", "pc_convert_plan_run, chroma-site=jpeg (centred; loop "
        "over the ring)", LEVEL_STREAM, KIND_PC_KERNEL, NULL, NULL, NULL, 0,
      NULL, 0, TRUE},
  {"libyuv", "libyuv (loop over the ring)", LEVEL_STREAM, KIND_LIBYUV,
      NULL, NULL, NULL, 0},
  {"memcpy", "memcpy (in+out)/2 bytes (loop over the ring)", LEVEL_STREAM,
      KIND_MEMCPY, NULL, NULL, NULL, 0},
  {"k-pc", "pc_convert_plan_run", LEVEL_KERNEL, KIND_PC_KERNEL, NULL, NULL,
      NULL, 0},
  {"k-pc-c", "pc_convert_plan_run, C kernels", LEVEL_KERNEL, KIND_PC_KERNEL,
      NULL, NULL, NULL, 0, "c"},
  {"k-pc-orc", "pc_convert_plan_run, ORC kernels", LEVEL_KERNEL,
      KIND_PC_KERNEL, NULL, NULL, NULL, 0, "orc"},
  {"k-pc-avx2", "pc_convert_plan_run, AVX2 kernels", LEVEL_KERNEL,
      KIND_PC_KERNEL, NULL, NULL, NULL, 0, "avx2"},
  {"k-pc-nt2", "pc_convert_plan_run, 2 threads (worker set)", LEVEL_KERNEL,
      KIND_PC_KERNEL, NULL, NULL, NULL, PC_BENCH_WORKERS},
  /* the same frame with centred chroma: above 576 lines k-pc runs the
   * co-sited (mpeg2) default, and this is what that siting costs */
  {"k-pc-jpeg", "pc_convert_plan_run, chroma-site=jpeg (centred)",
      LEVEL_KERNEL, KIND_PC_KERNEL, NULL, NULL, NULL, 0, NULL, 0, TRUE},
  {"k-vc", "GstVideoConverter, videoconvert defaults", LEVEL_KERNEL,
      KIND_VC_KERNEL, NULL, NULL, NULL, 1},
  {"k-vc-nt0", "GstVideoConverter, threads=0 (all cores)", LEVEL_KERNEL,
      KIND_VC_KERNEL, NULL, NULL, NULL, 0},
  {"k-libyuv", "libyuv", LEVEL_KERNEL, KIND_LIBYUV, NULL, NULL, NULL, 0},
  {"k-memcpy", "memcpy (in+out)/2 bytes", LEVEL_KERNEL, KIND_MEMCPY, NULL,
      NULL, NULL, 0},
};

/* ---- options --------------------------------------------------------------- */

typedef struct
{
  gboolean quick;
  guint runs;
  gdouble target_s;             /* wall time of one measurement */
  guint ring_mib;               /* stream level: bytes of input frames */
  gchar **formats;
  gchar **sizes;
  gchar **only;                 /* variant ids to run, or NULL for all */
  gchar *csv;
  gchar *json;
  gchar *retained_csv;
  gboolean no_retained;
  gboolean interlaced;          /* interleaved fields, top field first */
  gchar *chroma_site;           /* downstream's chroma-site, or NULL */
  gchar *colorimetry;           /* downstream's colorimetry, or NULL */
  GstVideoFormat output_format; /* what downstream asks: I420, NV12,
                                 * I420_10LE or P010_10LE */
  gboolean check;
  gboolean have_libyuv;
} Options;

static Options opts;

/* ---- samples ---------------------------------------------------------------- */

typedef struct
{
  guint frames;
  gdouble ns;                   /* wall time per frame */
  gdouble cpu_ns;               /* user + system time of all threads */
  gdouble allocs;
  gdouble bytes;
  gdouble frees;
  gdouble peak_rss_kib;
  gdouble rss_growth_kib;       /* peak during the run minus RSS at its start */
} Sample;

typedef struct
{
  GstVideoFormat format;
  guint width, height;
  gsize in_size, out_size;
  guint ring_len;
  gboolean ran[N_VARIANTS];
  GArray *samples[N_VARIANTS];
  GstStructure *pool_stats[N_VARIANTS];
  guint64 pool_allocated_while_measured[N_VARIANTS];
  /* where frames start in their 4 KiB pages: the input ring's first frame,
   * and a mask of 64-byte slots the output frames of each variant used */
  guint in_page_offset;
  guint64 out_page_slots[N_VARIANTS];
} Case;

static GPtrArray *cases;

/* ---- small helpers ------------------------------------------------------- */

static gdouble
now_s (void)
{
  return g_get_monotonic_time () / 1e6;
}

static gdouble
cpu_s (void)
{
  struct rusage ru;

  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
      (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/* Resets the peak RSS the kernel tracks (Linux >= 4.0); no allocation. */
static void
reset_peak_rss (void)
{
  int fd = open ("/proc/self/clear_refs", O_WRONLY);

  if (fd >= 0) {
    ssize_t ignored = write (fd, "5", 1);

    (void) ignored;
    close (fd);
  }
}

static gdouble
read_status_kib (const gchar * key)
{
  gchar buf[4096];
  gssize len;
  int fd = open ("/proc/self/status", O_RDONLY);
  const gchar *p;

  if (fd < 0)
    return 0.0;
  len = read (fd, buf, sizeof (buf) - 1);
  close (fd);
  if (len <= 0)
    return 0.0;
  buf[len] = '\0';
  p = strstr (buf, key);
  if (p == NULL)
    return 0.0;
  return g_ascii_strtod (p + strlen (key), NULL);
}

static guint64
stats_uint64 (const GstStructure * s, const gchar * field)
{
  guint64 v64 = 0;
  guint v = 0;

  if (s == NULL)
    return 0;
  if (gst_structure_get_uint64 (s, field, &v64))
    return v64;
  if (gst_structure_get_uint (s, field, &v))
    return v;
  return 0;
}

static GstStructure *
get_pool_stats (GstElement * element)
{
  GstStructure *s = NULL;

  g_object_get (element, "stats", &s, NULL);
  return s;
}

/* xorshift noise: frames whose content no branch can predict */
static void
fill_noise (guint8 * data, gsize size, guint32 seed)
{
  guint64 x = 0x9E3779B97F4A7C15ull ^ seed;
  gsize i;

  for (i = 0; i + 8 <= size; i += 8) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    memcpy (data + i, &x, 8);
  }
  for (; i < size; i++)
    data[i] = (guint8) (i * 31);
}

/* ---- the frames of one case ------------------------------------------------ */

typedef struct
{
  GstVideoInfo in_info, out_info;
  GstBuffer **ring;
  GstVideoFrame *ring_frames;   /* mapped for reading, for the loops */
  guint ring_len;
  GstBuffer *out_buf;           /* one output frame, for the loops */
  GstVideoFrame out_frame;
  GstBuffer *placed_buf[2];     /* out_frame again at out_delta 32, 2048 */
  GstVideoFrame placed_frame[2];
  guint8 *scratch;              /* memcpy destination */
  gsize copy_size;
  PcConvertPlan plan;           /* the process's kernels (PC_KERNELS) */
  PcConvertPlan centred_plan;   /* the same, chroma-site=jpeg */
  PcConvertPlan forced_plans[PC_KERNELS_N_VARIANTS];    /* each tier */
  PcWorkers *workers;           /* PC_BENCH_WORKERS, made before measuring */
  GstVideoConverter *converter[2];      /* threads 1, threads 0 */
  guint loop_pos;
} Frames;

#define PAGE_BYTES 4096

static guint
page_offset (gconstpointer data)
{
  return (guint) ((guintptr) data & (PAGE_BYTES - 1));
}

/* A zeroed @size byte buffer whose data starts @offset bytes (mod 4 KiB)
 * into a page. */
static GstBuffer *
placed_buffer (gsize size, guint offset)
{
  gpointer block;

  if (posix_memalign (&block, PAGE_BYTES, size + PAGE_BYTES) != 0)
    g_error ("no memory for a placed output frame");
  memset (block, 0, size + PAGE_BYTES);
  return gst_buffer_new_wrapped_full (0, (guint8 *) block +
      offset % PAGE_BYTES, size, 0, size, block, free);
}

static void
frames_init (Frames * f, GstVideoFormat format, guint width, guint height,
    guint ring_len)
{
  guint i;

  memset (f, 0, sizeof (*f));
  gst_video_info_set_format (&f->in_info, format, width, height);
  f->in_info.fps_n = 30;
  f->in_info.fps_d = 1;
  gst_video_info_set_format (&f->out_info, opts.output_format, width, height);
  f->out_info.fps_n = 30;
  f->out_info.fps_d = 1;
  /* grey is converted to its own matrix and range only (its luma is
   * copied), so every converter gets the same work */
  if (GST_VIDEO_INFO_IS_GRAY (&f->in_info))
    f->out_info.colorimetry = f->in_info.colorimetry;
  if (opts.chroma_site)
    f->out_info.chroma_site =
        gst_video_chroma_site_from_string (opts.chroma_site);
  if (opts.colorimetry &&
      !gst_video_colorimetry_from_string (&f->out_info.colorimetry,
          opts.colorimetry))
    g_error ("unknown colorimetry %s", opts.colorimetry);
  if (opts.interlaced) {
    GST_VIDEO_INFO_INTERLACE_MODE (&f->in_info) =
        GST_VIDEO_INTERLACE_MODE_INTERLEAVED;
    GST_VIDEO_INFO_INTERLACE_MODE (&f->out_info) =
        GST_VIDEO_INTERLACE_MODE_INTERLEAVED;
  }

  f->ring_len = ring_len;
  f->ring = g_new0 (GstBuffer *, ring_len);
  f->ring_frames = g_new0 (GstVideoFrame, ring_len);
  for (i = 0; i < ring_len; i++) {
    GstMapInfo map;
    GstBuffer *buf = gst_buffer_new_allocate (NULL, f->in_info.size, NULL);

    gst_buffer_map (buf, &map, GST_MAP_WRITE);
    fill_noise (map.data, map.size, i + 1);
    gst_buffer_unmap (buf, &map);
    /* valid timestamps: basesrc leaves such buffers alone (an untimed one
     * at offset 0 would be copied to set its DTS) */
    GST_BUFFER_PTS (buf) = GST_BUFFER_DTS (buf) =
        gst_util_uint64_scale (i, GST_SECOND, 30);
    GST_BUFFER_DURATION (buf) = GST_SECOND / 30;
    f->ring[i] = buf;
    gst_video_frame_map (&f->ring_frames[i], &f->in_info, buf,
        GST_MAP_READ | GST_VIDEO_FRAME_MAP_FLAG_NO_REF);
  }

  f->out_buf = gst_buffer_new_allocate (NULL, f->out_info.size, NULL);
  gst_video_frame_map (&f->out_frame, &f->out_info, f->out_buf,
      GST_MAP_WRITE | GST_VIDEO_FRAME_MAP_FLAG_NO_REF);
  memset (GST_VIDEO_FRAME_PLANE_DATA (&f->out_frame, 0), 0, f->out_info.size);
  for (i = 0; i < 2; i++) {
    f->placed_buf[i] = placed_buffer (f->out_info.size,
        page_offset (GST_VIDEO_FRAME_PLANE_DATA (&f->ring_frames[0], 0)) +
        (i == 0 ? 32 : 2048));
    gst_video_frame_map (&f->placed_frame[i], &f->out_info, f->placed_buf[i],
        GST_MAP_WRITE | GST_VIDEO_FRAME_MAP_FLAG_NO_REF);
  }

  f->copy_size = (f->in_info.size + f->out_info.size) / 2;
  f->scratch = g_malloc (f->copy_size);
  memset (f->scratch, 0, f->copy_size);

  /* a format whose walk has no co-sited kernel (Y444_10LE) is offered
   * centred output only, as the element's caps say */
  if (!pc_convert_plan_init (&f->plan, &f->in_info, &f->out_info))
    f->out_info.chroma_site = GST_VIDEO_CHROMA_SITE_JPEG;
  if (!f->plan.format && !pc_convert_plan_init (&f->plan, &f->in_info,
          &f->out_info))
    g_error ("no conversion plan for %s %ux%u",
        gst_video_format_to_string (format), width, height);
  {
    /* the same samples read as centred too: 4:2:2 input keeps its
     * horizontal siting, so only a centred input gives a centred plan */
    GstVideoInfo centred = f->out_info, centred_in = f->in_info;

    centred.chroma_site = GST_VIDEO_CHROMA_SITE_JPEG;
    centred_in.chroma_site = GST_VIDEO_CHROMA_SITE_JPEG;
    if (!pc_convert_plan_init (&f->centred_plan, &centred_in, &centred))
      g_error ("no centred conversion plan");
  }
  for (i = 0; i < PC_KERNELS_N_VARIANTS; i++) {
    const PcDsp *dsp = pc_dsp_get (i);

    if (dsp != NULL && !pc_convert_plan_init_with_dsp (&f->forced_plans[i],
            &f->in_info, &f->out_info, dsp))
      g_error ("no conversion plan with the %s kernels", dsp->name);
  }
  pc_workers_ensure (&f->workers, PC_BENCH_WORKERS, &f->plan);

  for (i = 0; i < 2; i++) {
    GstStructure *config = gst_structure_new ("GstVideoConverter",
        GST_VIDEO_CONVERTER_OPT_RESAMPLER_METHOD,
        GST_TYPE_VIDEO_RESAMPLER_METHOD, GST_VIDEO_RESAMPLER_METHOD_LINEAR,
        GST_VIDEO_CONVERTER_OPT_CHROMA_RESAMPLER_METHOD,
        GST_TYPE_VIDEO_RESAMPLER_METHOD, GST_VIDEO_RESAMPLER_METHOD_LINEAR,
        GST_VIDEO_CONVERTER_OPT_DITHER_METHOD,
        GST_TYPE_VIDEO_DITHER_METHOD, GST_VIDEO_DITHER_BAYER,
        GST_VIDEO_CONVERTER_OPT_DITHER_QUANTIZATION, G_TYPE_UINT, 1,
        GST_VIDEO_CONVERTER_OPT_ALPHA_MODE,
        GST_TYPE_VIDEO_ALPHA_MODE, GST_VIDEO_ALPHA_MODE_COPY,
        GST_VIDEO_CONVERTER_OPT_CHROMA_MODE,
        GST_TYPE_VIDEO_CHROMA_MODE, GST_VIDEO_CHROMA_MODE_FULL,
        GST_VIDEO_CONVERTER_OPT_MATRIX_MODE,
        GST_TYPE_VIDEO_MATRIX_MODE, GST_VIDEO_MATRIX_MODE_FULL,
        GST_VIDEO_CONVERTER_OPT_GAMMA_MODE,
        GST_TYPE_VIDEO_GAMMA_MODE, GST_VIDEO_GAMMA_MODE_NONE,
        GST_VIDEO_CONVERTER_OPT_PRIMARIES_MODE,
        GST_TYPE_VIDEO_PRIMARIES_MODE, GST_VIDEO_PRIMARIES_MODE_NONE,
        GST_VIDEO_CONVERTER_OPT_THREADS, G_TYPE_UINT, i == 0 ? 1 : 0,
        NULL);

    f->converter[i] = gst_video_converter_new (&f->in_info, &f->out_info,
        config);
    if (f->converter[i] == NULL)
      g_error ("GstVideoConverter cannot convert %s to %s",
          gst_video_format_to_string (format),
          gst_video_format_to_string (opts.output_format));
  }
}

static void
frames_clear (Frames * f)
{
  guint i;

  for (i = 0; i < 2; i++)
    gst_video_converter_free (f->converter[i]);
  pc_workers_free (f->workers);
  pc_convert_plan_clear (&f->plan);
  pc_convert_plan_clear (&f->centred_plan);
  for (i = 0; i < PC_KERNELS_N_VARIANTS; i++)
    pc_convert_plan_clear (&f->forced_plans[i]);
  for (i = 0; i < f->ring_len; i++) {
    gst_video_frame_unmap (&f->ring_frames[i]);
    gst_buffer_unref (f->ring[i]);
  }
  g_free (f->ring);
  g_free (f->ring_frames);
  gst_video_frame_unmap (&f->out_frame);
  gst_buffer_unref (f->out_buf);
  for (i = 0; i < 2; i++) {
    gst_video_frame_unmap (&f->placed_frame[i]);
    gst_buffer_unref (f->placed_buf[i]);
  }
  g_free (f->scratch);
}

#ifdef HAVE_LIBYUV
#define PLANE(fr, p) ((const uint8_t *) GST_VIDEO_FRAME_PLANE_DATA (fr, p))
#define STRIDE(fr, p) GST_VIDEO_FRAME_PLANE_STRIDE (fr, p)

#define PLANE16(fr, p) ((const uint16_t *) GST_VIDEO_FRAME_PLANE_DATA (fr, p))
#define STRIDE16(fr, p) (GST_VIDEO_FRAME_PLANE_STRIDE (fr, p) / 2)

/* libyuv names packed RGB by the order in a little-endian 32-bit word, the
 * reverse of GStreamer's byte order: its ARGB is GStreamer's BGRA, its RAW
 * is RGB, its RGB24 is BGR. */
typedef int (*LibyuvPackedFunc) (const uint8_t * src, int src_stride,
    uint8_t * y, int y_stride, uint8_t * u, int u_stride, uint8_t * v,
    int v_stride, int width, int height);
typedef int (*LibyuvSemiPlanarFunc) (const uint8_t * src_y, int src_stride_y,
    const uint8_t * src_uv, int src_stride_uv, uint8_t * y, int y_stride,
    uint8_t * u, int u_stride, uint8_t * v, int v_stride, int width,
    int height);
typedef int (*LibyuvPlanarFunc) (const uint8_t * sy, int sys,
    const uint8_t * su, int sus, const uint8_t * sv, int svs, uint8_t * y,
    int ys, uint8_t * u, int us, uint8_t * v, int vs, int width, int height);
typedef int (*LibyuvPlanar16Func) (const uint16_t * sy, int sys,
    const uint16_t * su, int sus, const uint16_t * sv, int svs, uint8_t * y,
    int ys, uint8_t * u, int us, uint8_t * v, int vs, int width, int height);

static const struct
{
  GstVideoFormat format;
  LibyuvPackedFunc packed;
  LibyuvSemiPlanarFunc semi_planar;
  LibyuvPlanarFunc planar;
  LibyuvPlanar16Func planar16;
} libyuv_table[] = {
  {GST_VIDEO_FORMAT_I420, NULL, NULL, I420Copy, NULL},
  {GST_VIDEO_FORMAT_YV12, NULL, NULL, I420Copy, NULL},
  {GST_VIDEO_FORMAT_Y42B, NULL, NULL, I422ToI420, NULL},
  {GST_VIDEO_FORMAT_Y444, NULL, NULL, I444ToI420, NULL},
  {GST_VIDEO_FORMAT_NV12, NULL, NV12ToI420, NULL, NULL},
  {GST_VIDEO_FORMAT_NV21, NULL, NV21ToI420, NULL, NULL},
  {GST_VIDEO_FORMAT_YUY2, YUY2ToI420, NULL, NULL, NULL},
  {GST_VIDEO_FORMAT_UYVY, UYVYToI420, NULL, NULL, NULL},
  {GST_VIDEO_FORMAT_RGBA, ABGRToI420, NULL, NULL, NULL},
  {GST_VIDEO_FORMAT_RGBx, ABGRToI420, NULL, NULL, NULL},
  {GST_VIDEO_FORMAT_BGRA, ARGBToI420, NULL, NULL, NULL},
  {GST_VIDEO_FORMAT_BGRx, ARGBToI420, NULL, NULL, NULL},
  {GST_VIDEO_FORMAT_ARGB, BGRAToI420, NULL, NULL, NULL},
  {GST_VIDEO_FORMAT_xRGB, BGRAToI420, NULL, NULL, NULL},
  {GST_VIDEO_FORMAT_ABGR, RGBAToI420, NULL, NULL, NULL},
  {GST_VIDEO_FORMAT_xBGR, RGBAToI420, NULL, NULL, NULL},
  {GST_VIDEO_FORMAT_RGB, RAWToI420, NULL, NULL, NULL},
  {GST_VIDEO_FORMAT_BGR, RGB24ToI420, NULL, NULL, NULL},
  {GST_VIDEO_FORMAT_I420_10LE, NULL, NULL, NULL, I010ToI420},
  {GST_VIDEO_FORMAT_I422_10LE, NULL, NULL, NULL, I210ToI420},
  {GST_VIDEO_FORMAT_Y444_10LE, NULL, NULL, NULL, I410ToI420},
};

static gint
libyuv_index (GstVideoFormat format)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (libyuv_table); i++)
    if (libyuv_table[i].format == format)
      return i;
  return -1;
}

static void
libyuv_convert (const GstVideoFrame * in, GstVideoFrame * out)
{
  guint8 *y = GST_VIDEO_FRAME_PLANE_DATA (out, 0);
  guint8 *u = GST_VIDEO_FRAME_PLANE_DATA (out, 1);
  guint8 *v = GST_VIDEO_FRAME_PLANE_DATA (out, 2);
  int ys = STRIDE (out, 0), us = STRIDE (out, 1), vs = STRIDE (out, 2);
  int w = GST_VIDEO_FRAME_WIDTH (in), h = GST_VIDEO_FRAME_HEIGHT (in);
  gint i = libyuv_index (GST_VIDEO_FRAME_FORMAT (in));
  /* YV12: V's plane before U's */
  int cu = GST_VIDEO_FRAME_FORMAT (in) == GST_VIDEO_FORMAT_YV12 ? 2 : 1;

  g_assert (i >= 0);
  if (libyuv_table[i].packed)
    libyuv_table[i].packed (PLANE (in, 0), STRIDE (in, 0), y, ys, u, us, v,
        vs, w, h);
  else if (libyuv_table[i].semi_planar)
    libyuv_table[i].semi_planar (PLANE (in, 0), STRIDE (in, 0), PLANE (in, 1),
        STRIDE (in, 1), y, ys, u, us, v, vs, w, h);
  else if (libyuv_table[i].planar)
    libyuv_table[i].planar (PLANE (in, 0), STRIDE (in, 0), PLANE (in, cu),
        STRIDE (in, cu), PLANE (in, 3 - cu), STRIDE (in, 3 - cu), y, ys, u,
        us, v, vs, w, h);
  else
    libyuv_table[i].planar16 (PLANE16 (in, 0), STRIDE16 (in, 0),
        PLANE16 (in, 1), STRIDE16 (in, 1), PLANE16 (in, 2), STRIDE16 (in, 2),
        y, ys, u, us, v, vs, w, h);
}
#endif

/* Converts @n frames with a loop variant; at the stream level each frame is
 * the next of the ring, at the kernel level always the first. */
static void
run_loop (Frames * f, const Variant * v, guint n)
{
  guint i;

  for (i = 0; i < n; i++) {
    GstVideoFrame *in;

    if (v->level == LEVEL_STREAM) {
      in = &f->ring_frames[f->loop_pos];
      f->loop_pos = (f->loop_pos + 1) % f->ring_len;
    } else {
      in = &f->ring_frames[0];
    }

    switch (v->kind) {
      case KIND_PC_KERNEL:
        if (v->threads == PC_BENCH_WORKERS)
          pc_workers_run (f->workers, &f->plan, in, &f->out_frame);
        else if (v->centred)
          pc_convert_plan_run (&f->centred_plan, in, &f->out_frame);
        else if (v->out_delta > 0)
          pc_convert_plan_run (&f->plan, in,
              &f->placed_frame[v->out_delta == 32 ? 0 : 1]);
        else
          pc_convert_plan_run (v->kernels == NULL ? &f->plan :
              &f->forced_plans[pc_dsp_choose (v->kernels, NULL)], in,
              &f->out_frame);
        break;
      case KIND_VC_KERNEL:
        gst_video_converter_frame (f->converter[v->threads == 1 ? 0 : 1], in,
            &f->out_frame);
        break;
      case KIND_LIBYUV:
#ifdef HAVE_LIBYUV
        libyuv_convert (in, &f->out_frame);
#endif
        break;
      case KIND_MEMCPY:
        memcpy (f->scratch, GST_VIDEO_FRAME_PLANE_DATA (in, 0), f->copy_size);
        break;
      default:
        g_assert_not_reached ();
    }
  }
  /* keep the compiler from dropping stores nobody reads */
  __asm__ __volatile__ ("":::"memory");
}

/* ---- pipelines --------------------------------------------------------------- */

typedef struct
{
  GstElement *pipeline;
  GstElement *src;
  GstElement *element;
  Frames *frames;

  GMutex lock;
  GCond cond;
  guint remaining;              /* frames still to push */
  guint pos;                    /* next ring slot */
  guint target;                 /* frames the sink must see */
  gint received;
  guint64 out_page_slots;       /* 64-byte slots of a page frames started in */
  gboolean consumer_reads;      /* the sink sums each frame's luma */
  guint64 luma_sum;             /* what it summed, so no read is dropped */
  gboolean done;
  gint64 end_us;
  PcAllocCount end_count;

  /* retained-memory scenario: the sink holds the last hold_k buffers */
  guint hold_k;
  guint release_at;             /* frame at which it lets go for good */
  GstBuffer **held;
  guint n_held;
  guint sample_every;
  GArray *timeline;
} Pipe;

typedef struct
{
  guint frame;
  guint64 bytes_held;
  guint buffers_held;
  guint in_flight;
  guint64 allocated;
  guint64 temporary;
  guint64 freed;
} TimelinePoint;

static GstBuffer *
next_buffer_locked (Pipe * p)
{
  GstBuffer *buf = gst_buffer_ref (p->frames->ring[p->pos]);

  p->pos = (p->pos + 1) % p->frames->ring_len;
  return buf;
}

static void
need_data (GstAppSrc * src, guint length, gpointer user_data)
{
  Pipe *p = user_data;
  GstBuffer *buf = NULL;

  g_mutex_lock (&p->lock);
  if (p->remaining > 0) {
    p->remaining--;
    buf = next_buffer_locked (p);
  }
  g_mutex_unlock (&p->lock);
  if (buf)
    gst_app_src_push_buffer (src, buf);
}

static void
record_timeline (Pipe * p, guint frame)
{
  GstStructure *s = get_pool_stats (p->element);
  TimelinePoint pt;

  pt.frame = frame;
  pt.bytes_held = stats_uint64 (s, "bytes-held");
  pt.buffers_held = stats_uint64 (s, "buffers-held");
  pt.in_flight = stats_uint64 (s, "buffers-in-flight");
  pt.allocated = stats_uint64 (s, "buffers-allocated");
  pt.temporary = stats_uint64 (s, "buffers-temporary");
  pt.freed = stats_uint64 (s, "buffers-freed");
  g_array_append_val (p->timeline, pt);
  gst_structure_free (s);
}

/* A sum over the luma plane of I420 @buf (@info's size), read as an
 * encoder would, row by row; 8 bytes a step (added as words: a checksum,
 * not the samples' sum), so the reading, not the adding, is timed. */
static guint64
sum_luma (GstBuffer * buf, const GstVideoInfo * info)
{
  GstVideoFrame frame;
  guint64 sum = 0;
  gint row, x;

  if (!gst_video_frame_map (&frame, (GstVideoInfo *) info, buf, GST_MAP_READ))
    g_error ("the sink could not map an output frame");
  for (row = 0; row < GST_VIDEO_INFO_HEIGHT (info); row++) {
    const guint8 *y = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame,
        0) + row * (gsize) GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0);

    for (x = 0; x + 8 <= GST_VIDEO_INFO_WIDTH (info); x += 8) {
      guint64 word;

      memcpy (&word, y + x, 8);
      sum += word;
    }
    for (; x < GST_VIDEO_INFO_WIDTH (info); x++)
      sum += y[x];
  }
  gst_video_frame_unmap (&frame);
  return sum;
}

static GstPadProbeReturn
sink_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Pipe *p = user_data;
  gint n = g_atomic_int_add (&p->received, 1) + 1;
  GstMemory *mem = gst_buffer_peek_memory (GST_PAD_PROBE_INFO_BUFFER (info),
      0);
  GstMapInfo map;

  /* the first memory alone: mapping the buffer could merge (allocate) */
  if (mem != NULL && gst_memory_map (mem, &map, GST_MAP_READ)) {
    p->out_page_slots |= G_GUINT64_CONSTANT (1) << (page_offset (map.data) /
        64);
    gst_memory_unmap (mem, &map);
  }
  if (p->consumer_reads)
    p->luma_sum += sum_luma (GST_PAD_PROBE_INFO_BUFFER (info),
        &p->frames->out_info);

  if (p->held != NULL) {
    GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
    guint frame = n - 1;

    if (frame >= p->release_at) {
      while (p->n_held > 0)
        gst_buffer_unref (p->held[--p->n_held]);
    } else if (p->hold_k > 0) {
      if (p->n_held == p->hold_k) {
        gst_buffer_unref (p->held[0]);
        memmove (p->held, p->held + 1, (p->hold_k - 1) * sizeof (GstBuffer *));
        p->n_held--;
      }
      p->held[p->n_held++] = gst_buffer_ref (buf);
    }
    if (p->timeline && frame % p->sample_every == 0)
      record_timeline (p, frame);
  }

  if (n == (gint) p->target) {
    p->end_us = g_get_monotonic_time ();
    pc_alloc_count_get (&p->end_count);
    g_mutex_lock (&p->lock);
    p->done = TRUE;
    g_cond_signal (&p->cond);
    g_mutex_unlock (&p->lock);
  }
  return GST_PAD_PROBE_OK;
}

static void
check_bus (Pipe * p, gboolean fatal)
{
  GstBus *bus = gst_element_get_bus (p->pipeline);
  GstMessage *msg;

  while ((msg = gst_bus_pop (bus)) != NULL) {
    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
      GError *err = NULL;
      gchar *dbg = NULL;

      gst_message_parse_error (msg, &err, &dbg);
      g_printerr ("pipeline error from %s: %s\n%s\n",
          GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)), err->message,
          dbg ? dbg : "");
      if (fatal)
        exit (2);
      g_clear_error (&err);
      g_free (dbg);
    }
    gst_message_unref (msg);
  }
  gst_object_unref (bus);
}

static const gchar *expected_plugin_dir;
static gboolean wrong_plugin;

static void
check_plugin_origin (GstElement * element)
{
  GstElementFactory *factory = gst_element_get_factory (element);
  GstPlugin *plugin =
      GST_PLUGIN (gst_plugin_feature_get_plugin (GST_PLUGIN_FEATURE (factory)));
  const gchar *file = plugin ? gst_plugin_get_filename (plugin) : NULL;
  static gboolean told;

  if (!told) {
    g_print ("# pooledconvert loaded from %s\n", file ? file : "(unknown)");
    told = TRUE;
  }
  if (expected_plugin_dir && (file == NULL ||
          !g_str_has_prefix (file, expected_plugin_dir))) {
    if (!wrong_plugin)
      g_printerr ("WARNING: pooledconvert comes from %s, not from %s\n",
          file ? file : "(unknown)", expected_plugin_dir);
    wrong_plugin = TRUE;
  }
  if (plugin)
    gst_object_unref (plugin);
}

static Pipe *
pipe_new (Frames * frames, const Variant * v, guint max_buffers)
{
  Pipe *p = g_new0 (Pipe, 1);
  GstElement *capsfilter, *sink;
  GstCaps *caps;
  GstAppSrcCallbacks callbacks = { 0, };
  GstPad *pad;

  g_mutex_init (&p->lock);
  g_cond_init (&p->cond);
  p->frames = frames;
  p->consumer_reads = v->consumer_reads;
  p->pipeline = gst_pipeline_new (NULL);
  p->src = gst_element_factory_make ("appsrc", NULL);
  p->element = gst_element_factory_make (v->element, NULL);
  capsfilter = gst_element_factory_make ("capsfilter", NULL);
  sink = gst_element_factory_make ("fakesink", NULL);
  if (!p->src || !p->element || !capsfilter || !sink)
    g_error ("missing element (appsrc, %s, capsfilter or fakesink)",
        v->element);
  if (g_str_equal (v->element, "pooledconvert")) {
    check_plugin_origin (p->element);
    if (max_buffers > 0)
      g_object_set (p->element, "max-buffers", max_buffers, NULL);
  }
  if (v->prop)
    gst_util_set_object_arg (G_OBJECT (p->element), v->prop, v->value);

  if (v->default_path) {
    GstVideoInfo progressive = frames->in_info;

    GST_VIDEO_INFO_INTERLACE_MODE (&progressive) =
        GST_VIDEO_INTERLACE_MODE_PROGRESSIVE;
    caps = gst_video_info_to_caps (&progressive);
  } else {
    caps = gst_video_info_to_caps (&frames->in_info);
  }
  /* centred output from 4:2:2 input needs centred input (it keeps its
   * horizontal siting); the samples are the same either way */
  if (v->centred)
    gst_caps_set_simple (caps, "chroma-site", G_TYPE_STRING, "jpeg", NULL);
  g_object_set (p->src, "caps", caps, "format", GST_FORMAT_TIME, "is-live",
      FALSE, NULL);
  gst_caps_unref (caps);
  caps = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING,
      v->i420_out ? "I420" : gst_video_format_to_string (opts.output_format),
      NULL);
  if (v->centred)
    gst_caps_set_simple (caps, "chroma-site", G_TYPE_STRING, "jpeg", NULL);
  else if (opts.chroma_site && !v->default_path)
    gst_caps_set_simple (caps, "chroma-site", G_TYPE_STRING,
        opts.chroma_site, NULL);
  if (opts.colorimetry && !v->default_path)
    gst_caps_set_simple (caps, "colorimetry", G_TYPE_STRING,
        opts.colorimetry, NULL);
  g_object_set (capsfilter, "caps", caps, NULL);
  gst_caps_unref (caps);
  g_object_set (sink, "sync", FALSE, NULL);

  callbacks.need_data = need_data;
  gst_app_src_set_callbacks (GST_APP_SRC (p->src), &callbacks, p, NULL);

  gst_bin_add_many (GST_BIN (p->pipeline), p->src, p->element, capsfilter,
      sink, NULL);
  if (!gst_element_link_many (p->src, p->element, capsfilter, sink, NULL))
    g_error ("could not link appsrc ! %s ! capsfilter ! fakesink", v->element);

  pad = gst_element_get_static_pad (sink, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, sink_probe, p, NULL);
  gst_object_unref (pad);

  gst_element_set_state (p->pipeline, GST_STATE_PLAYING);
  return p;
}

/* Pushes @n frames and waits until the sink has seen the last one. */
static void
pipe_run (Pipe * p, guint n, gdouble * seconds, PcAllocCount * start,
    PcAllocCount * end)
{
  gint64 start_us, deadline;
  GstBuffer *first;

  g_mutex_lock (&p->lock);
  g_atomic_int_set (&p->received, 0);
  p->target = n;
  p->done = FALSE;
  p->remaining = n - 1;
  first = next_buffer_locked (p);
  g_mutex_unlock (&p->lock);

  pc_alloc_count_get (start);
  start_us = g_get_monotonic_time ();
  gst_app_src_push_buffer (GST_APP_SRC (p->src), first);

  g_mutex_lock (&p->lock);
  while (!p->done) {
    deadline = g_get_monotonic_time () + 2 * G_TIME_SPAN_SECOND;
    if (!g_cond_wait_until (&p->cond, &p->lock, deadline)) {
      g_mutex_unlock (&p->lock);
      check_bus (p, TRUE);
      g_mutex_lock (&p->lock);
    }
  }
  g_mutex_unlock (&p->lock);

  *end = p->end_count;
  *seconds = (p->end_us - start_us) / 1e6;
}

static void
pipe_free (Pipe * p)
{
  gst_element_set_state (p->pipeline, GST_STATE_NULL);
  check_bus (p, FALSE);
  gst_object_unref (p->pipeline);
  g_mutex_clear (&p->lock);
  g_cond_clear (&p->cond);
  g_free (p);
}

/* ---- one measurement ----------------------------------------------------------- */

typedef struct
{
  Frames *frames;
  Pipe *pipes[N_VARIANTS];
  guint n_frames[N_VARIANTS];
} Bench;

/* PC_BENCH_TRACE_ALLOCS=1: stacks of allocations made while measuring */
static gboolean trace_allocs;
static gboolean in_measured_runs;

static gboolean
variant_enabled (guint vi)
{
  const Variant *v = &variants[vi];
  gchar *warning = NULL;
  gboolean available = TRUE;

  if (opts.only != NULL && !g_strv_contains ((const gchar * const *)
          opts.only, v->id))
    return FALSE;
  /* libyuv's functions here make I420 */
  if (v->kind == KIND_LIBYUV)
    return opts.have_libyuv && opts.output_format == GST_VIDEO_FORMAT_I420;
  if (v->kernels != NULL) {
    /* a tier this CPU lacks: not run (choose would pick another) */
    pc_dsp_choose (v->kernels, &warning);
    available = warning == NULL;
    g_free (warning);
  }
  return available;
}

/* libyuv has no function for some formats (P010, NV16, AYUV, ...). */
static gboolean
variant_converts (guint vi, GstVideoFormat format)
{
#ifdef HAVE_LIBYUV
  if (variants[vi].kind == KIND_LIBYUV)
    return libyuv_index (format) >= 0;
#endif
  return TRUE;
}

static void
measure (Bench * b, guint vi, guint n, Sample * s)
{
  const Variant *v = &variants[vi];
  PcAllocCount start, end;
  gdouble seconds, cpu0, cpu1, rss0;

  reset_peak_rss ();
  rss0 = read_status_kib ("VmRSS:");
  if (trace_allocs && in_measured_runs && vi != V_NONE &&
      variants[vi].kind != KIND_VC_KERNEL &&
      (v->element == NULL || !g_str_equal (v->element, "videoconvert")))
    pc_alloc_count_trace (TRUE);
  cpu0 = cpu_s ();
  if (v->kind == KIND_PIPELINE) {
    pipe_run (b->pipes[vi], n, &seconds, &start, &end);
  } else {
    gdouble t0;

    pc_alloc_count_get (&start);
    t0 = now_s ();
    run_loop (b->frames, v, n);
    seconds = now_s () - t0;
    pc_alloc_count_get (&end);
  }
  cpu1 = cpu_s ();
  if (trace_allocs)
    pc_alloc_count_trace (FALSE);

  s->frames = n;
  s->ns = seconds * 1e9 / n;
  s->cpu_ns = (cpu1 - cpu0) * 1e9 / n;
  s->allocs = (gdouble) (end.allocs - start.allocs) / n;
  s->bytes = (gdouble) (end.bytes - start.bytes) / n;
  s->frees = (gdouble) (end.frees - start.frees) / n;
  s->peak_rss_kib = read_status_kib ("VmHWM:");
  s->rss_growth_kib = MAX (s->peak_rss_kib - rss0, 0.0);
  if (v->kind == KIND_PIPELINE)
    check_bus (b->pipes[vi], TRUE);
}

/* Frames per measurement so that one takes about the target time. */
static guint
calibrate (Bench * b, guint vi)
{
  guint n = 1, max_frames = 200000;
  Sample s;

  for (;;) {
    gdouble spent;

    measure (b, vi, n, &s);
    spent = s.ns * n / 1e9;
    if (spent >= opts.target_s / 8 || n >= max_frames)
      break;
    n = MIN (n * 4, max_frames);
  }
  n = (guint) ceil (opts.target_s / (s.ns / 1e9));
  return CLAMP (n, opts.quick ? 2 : 5, max_frames);
}

static void
run_case (Case * c, guint index, guint total)
{
  Bench b = { 0, };
  Frames frames;
  guint vi, r, k, order[N_VARIANTS], n_order = 0;
  gdouble t0 = now_s ();
  GRand *rand;

  frames_init (&frames, c->format, c->width, c->height, c->ring_len);
  b.frames = &frames;
  c->in_size = frames.in_info.size;
  c->out_size = frames.out_info.size;

  g_printerr ("[%u/%u] %s %ux%u: ring of %u frames (%.0f MiB)...",
      index + 1, total, gst_video_format_to_string (c->format), c->width,
      c->height, c->ring_len, c->ring_len * (gdouble) c->in_size / 1048576);

  for (vi = 0; vi < N_VARIANTS; vi++) {
    const Variant *v = &variants[vi];
    guint warmup;

    if (!variant_enabled (vi) || !variant_converts (vi, c->format))
      continue;
    order[n_order++] = vi;
    c->ran[vi] = TRUE;
    c->samples[vi] = g_array_new (FALSE, FALSE, sizeof (Sample));
    if (v->kind == KIND_PIPELINE)
      b.pipes[vi] = pipe_new (&frames, v, 0);

    /* steady state first: a whole lap of the ring, at least 8 frames */
    warmup = v->level == LEVEL_STREAM ? MAX (c->ring_len, 8) : 4;
    if (opts.quick)
      warmup = MIN (warmup, 8);
    {
      Sample s;

      measure (&b, vi, warmup, &s);
    }
    if (v->kind == KIND_PIPELINE)
      gst_element_get_state (b.pipes[vi]->pipeline, NULL, NULL,
          GST_CLOCK_TIME_NONE);
    b.n_frames[vi] = calibrate (&b, vi);
    if (v->kind == KIND_PIPELINE && g_str_equal (v->element, "pooledconvert")) {
      GstStructure *s = get_pool_stats (b.pipes[vi]->element);

      c->pool_allocated_while_measured[vi] =
          stats_uint64 (s, "buffers-allocated");
      gst_structure_free (s);
    }
  }

  /* interleaved: each run visits every variant, in an order shuffled
   * anew (seeded by the case, so a run can be repeated): no variant
   * follows the same one every time.  With the order only rotated, the
   * variant after the last one paid for the state that one left. */
  rand = g_rand_new_with_seed (0x5eed0000u + index);
  in_measured_runs = TRUE;
  for (r = 0; r < opts.runs; r++) {
    for (k = n_order; k > 1; k--) {
      guint j = g_rand_int_range (rand, 0, k);

      vi = order[k - 1];
      order[k - 1] = order[j];
      order[j] = vi;
    }
    for (k = 0; k < n_order; k++) {
      Sample s;

      vi = order[k];
      measure (&b, vi, b.n_frames[vi], &s);
      g_array_append_val (c->samples[vi], s);
    }
  }
  in_measured_runs = FALSE;
  g_rand_free (rand);

  c->in_page_offset =
      page_offset (GST_VIDEO_FRAME_PLANE_DATA (&frames.ring_frames[0], 0));
  for (vi = 0; vi < N_VARIANTS; vi++) {
    const Variant *v = &variants[vi];
    GstVideoFrame *out = v->out_delta == 0 ? &frames.out_frame :
        &frames.placed_frame[v->out_delta == 32 ? 0 : 1];

    if (c->ran[vi] && v->kind != KIND_PIPELINE)
      c->out_page_slots[vi] = G_GUINT64_CONSTANT (1) <<
          (page_offset (GST_VIDEO_FRAME_PLANE_DATA (out, 0)) / 64);
    if (b.pipes[vi] == NULL)
      continue;
    c->out_page_slots[vi] = b.pipes[vi]->out_page_slots;
    if (g_str_equal (variants[vi].element, "pooledconvert")) {
      c->pool_stats[vi] = get_pool_stats (b.pipes[vi]->element);
      c->pool_allocated_while_measured[vi] =
          stats_uint64 (c->pool_stats[vi], "buffers-allocated") -
          c->pool_allocated_while_measured[vi];
    }
    pipe_free (b.pipes[vi]);
  }
  frames_clear (&frames);
  g_printerr (" %.1f s\n", now_s () - t0);
}

/* ---- retained memory --------------------------------------------------------- */

typedef struct
{
  guint max_buffers;
  guint trim_window;
  guint hold_k;
  /* exhausted-policy=wait with this wait-timeout, or 0: temporary */
  guint wait_timeout_ms;
  guint frames;
  gdouble seconds;
  guint release_at;
  GArray *timeline;
  GstStructure *at_end;
  GstStructure *after_idle;
  GstStructure *after_stop;
  gdouble idle_s;
  gsize buffer_size;
} Retained;

static GPtrArray *retained;

static void
run_retained (guint max_buffers, guint trim_window, guint hold_k,
    guint wait_timeout_ms)
{
  Retained *rt = g_new0 (Retained, 1);
  Frames frames;
  Variant v = variants[V_OWN];
  Pipe *p;
  PcAllocCount a, b;
  gdouble seconds;

  rt->max_buffers = max_buffers;
  rt->trim_window = trim_window;
  rt->hold_k = hold_k;
  rt->wait_timeout_ms = wait_timeout_ms;
  rt->frames = opts.quick ? 300 : 3000;
  /* a sink that holds more than max-buffers makes every wait time out:
   * enough frames to see the rate, not 3000 timeouts */
  if (wait_timeout_ms > 0 && hold_k >= max_buffers)
    rt->frames = opts.quick ? 40 : 200;
  rt->release_at = rt->frames / 2;
  rt->idle_s = opts.quick ? 0.1 : 1.0;

  frames_init (&frames, GST_VIDEO_FORMAT_Y444, 1280, 720, 4);
  rt->buffer_size = frames.out_info.size;
  p = pipe_new (&frames, &v, max_buffers);
  g_object_set (p->element, "trim-window", trim_window, NULL);
  if (wait_timeout_ms > 0)
    gst_util_set_object_arg (G_OBJECT (p->element), "exhausted-policy", "wait");
  if (wait_timeout_ms > 0)
    g_object_set (p->element, "wait-timeout", wait_timeout_ms, NULL);
  p->hold_k = hold_k;
  p->release_at = rt->release_at;
  p->held = g_new0 (GstBuffer *, MAX (hold_k, 1));
  p->sample_every = opts.quick ? 10 : 25;
  p->timeline = g_array_new (FALSE, FALSE, sizeof (TimelinePoint));

  pipe_run (p, rt->frames, &seconds, &a, &b);
  rt->seconds = seconds;
  rt->at_end = get_pool_stats (p->element);
  g_usleep ((gulong) (rt->idle_s * G_USEC_PER_SEC));
  rt->after_idle = get_pool_stats (p->element);
  rt->timeline = p->timeline;
  g_free (p->held);
  {
    GstElement *element = gst_object_ref (p->element);

    pipe_free (p);
    rt->after_stop = get_pool_stats (element);
    gst_object_unref (element);
  }
  frames_clear (&frames);
  g_ptr_array_add (retained, rt);
}

/* ---- formatting ------------------------------------------------------------ */

/* Display width of UTF-8 text (one column per code point). */
static guint
text_width (const gchar * s)
{
  guint w = 0;

  for (; *s; s++)
    if (((guchar) * s & 0xC0) != 0x80)
      w++;
  return w;
}

static void
put_cell (GString * line, const gchar * text, guint width, gboolean right)
{
  guint w = text_width (text), pad = w < width ? width - w : 0;

  if (right)
    for (; pad > 0; pad--)
      g_string_append_c (line, ' ');
  g_string_append (line, text);
  if (!right)
    for (; pad > 0; pad--)
      g_string_append_c (line, ' ');
}

typedef enum
{
  METRIC_TIME,
  METRIC_ALLOCS,
  METRIC_BYTES,
  METRIC_RSS,
  METRIC_RSS_GROWTH,
} Metric;

static const gchar *metric_unit[] = { "sec/frame", "allocs/frame",
  "B/frame", "peak RSS", "RSS growth"
};

static gdouble
sample_value (const Sample * s, Metric m)
{
  switch (m) {
    case METRIC_TIME:
      return s->ns * 1e-9;
    case METRIC_ALLOCS:
      return s->allocs;
    case METRIC_BYTES:
      return s->bytes;
    case METRIC_RSS:
      return s->peak_rss_kib * 1024.0;
    case METRIC_RSS_GROWTH:
      return s->rss_growth_kib * 1024.0;
  }
  return 0.0;
}

/* 4 significant digits with an SI (time, counts) or binary (bytes) prefix */
static gchar *
format_value (gdouble v, Metric m)
{
  static const gchar *si_small[] = { "", "m", "µ", "n" };
  static const gchar *si_big[] = { "", "k", "M", "G" };
  static const gchar *bin[] = { "", "Ki", "Mi", "Gi" };
  const gchar *prefix = "";
  guint i = 0;

  if (v == 0.0)
    return g_strdup (m == METRIC_TIME ? "0" : "0.000");
  if (m == METRIC_BYTES || m == METRIC_RSS || m == METRIC_RSS_GROWTH) {
    while (fabs (v) >= 1024.0 && i < 3) {
      v /= 1024.0;
      i++;
    }
    prefix = bin[i];
  } else if (fabs (v) < 1.0 && m == METRIC_TIME) {
    while (fabs (v) < 1.0 && i < 3) {
      v *= 1000.0;
      i++;
    }
    prefix = si_small[i];
  } else if (fabs (v) >= 1000.0) {
    while (fabs (v) >= 1000.0 && i < 3) {
      v /= 1000.0;
      i++;
    }
    prefix = si_big[i];
  }
  if (fabs (v) >= 100.0)
    return g_strdup_printf ("%.1f%s", v, prefix);
  if (fabs (v) >= 10.0)
    return g_strdup_printf ("%.2f%s", v, prefix);
  return g_strdup_printf ("%.3f%s", v, prefix);
}

static gdouble *
values_of (const Case * c, guint vi, Metric m, guint * n)
{
  GArray *a = c->samples[vi];
  gdouble *v;
  guint i;

  *n = a ? a->len : 0;
  v = g_new (gdouble, MAX (*n, 1));
  for (i = 0; i < *n; i++)
    v[i] = sample_value (&g_array_index (a, Sample, i), m);
  return v;
}

static gchar *
format_summary (const Case * c, guint vi, Metric m, PcSummary * sum,
    gboolean * small_n)
{
  guint n;
  gdouble *v = values_of (c, vi, m, &n);
  gchar *value, *text;
  gdouble spread;

  pc_summarize (v, n, sum);
  g_free (v);
  value = format_value (sum->median, m);
  spread = pc_summary_spread (sum);
  if (!sum->has_ci) {
    text = g_strdup_printf ("%s ± ∞", value);
    *small_n = TRUE;
  } else if (isinf (spread)) {
    text = g_strdup_printf ("%s ± ∞", value);
  } else {
    text = g_strdup_printf ("%s ± %.0f%%", value, spread * 100.0);
  }
  g_free (value);
  return text;
}

static gchar *
case_name (const Case * c)
{
  return g_strdup_printf ("%s/%ux%u", gst_video_format_to_string (c->format),
      c->width, c->height);
}

/* Change of @vi against @base: "-47.38% (p=0.000 n=10)", "~ (p=0.3 n=10)". */
static gchar *
format_delta (const Case * c, guint base, guint vi, Metric m,
    gboolean * all_equal_note, gdouble * ratio_out, gdouble * p_out)
{
  guint nb, nv;
  gdouble *xb = values_of (c, base, m, &nb);
  gdouble *xv = values_of (c, vi, m, &nv);
  PcSummary sb, sv;
  gboolean all_equal = FALSE;
  gdouble p = pc_mann_whitney_p (xb, nb, xv, nv, &all_equal);
  gchar *text;
  const gchar *note = all_equal ? " ¹" : "";

  pc_summarize (xb, nb, &sb);
  pc_summarize (xv, nv, &sv);
  if (all_equal)
    *all_equal_note = TRUE;
  if (ratio_out)
    *ratio_out = sv.median != 0.0 ? sb.median / sv.median : NAN;
  if (p_out)
    *p_out = p;

  if (p >= 0.05 || sb.median == sv.median) {
    text = g_strdup_printf ("~ (p=%.3f n=%u+%u)%s", p, nb, nv, note);
  } else if (sb.median == 0.0) {
    text = g_strdup_printf ("+∞%% (p=%.3f n=%u+%u)", p, nb, nv);
  } else {
    text = g_strdup_printf ("%+.2f%% (p=%.3f n=%u+%u)",
        (sv.median - sb.median) / fabs (sb.median) * 100.0, p, nb, nv);
  }
  g_free (xb);
  g_free (xv);
  return text;
}

/* benchstat's two-column layout: base, new, and the change new vs base. */
static void
print_pair_table (GString * out, guint base, guint vi, Metric m)
{
  guint i, n_geo = 0;
  gdouble geo_b = 0.0, geo_v = 0.0;
  gboolean small_n = FALSE, all_equal = FALSE, geo_ok = TRUE;
  GString *line = g_string_new (NULL);
  gchar *title;

  g_string_append_printf (out, "\n%s: %s (base) vs %s\n",
      metric_unit[m], variants[base].title, variants[vi].title);
  put_cell (line, "", 18, FALSE);
  g_string_append (line, "│ ");
  put_cell (line, variants[base].id, 17, FALSE);
  g_string_append (line, "│ ");
  put_cell (line, variants[vi].id, 43, FALSE);
  g_string_append (line, "│\n");
  put_cell (line, "", 18, FALSE);
  g_string_append (line, "│ ");
  put_cell (line, metric_unit[m], 17, FALSE);
  g_string_append (line, "│ ");
  title = g_strdup_printf ("%-17s vs base", metric_unit[m]);
  put_cell (line, title, 43, FALSE);
  g_free (title);
  g_string_append (line, "│\n");
  g_string_append (out, line->str);

  for (i = 0; i < cases->len; i++) {
    const Case *c = g_ptr_array_index (cases, i);
    PcSummary sb, sv;
    gchar *name, *tb, *tv, *d;

    if (!c->ran[base] || !c->ran[vi])
      continue;
    name = case_name (c);
    tb = format_summary (c, base, m, &sb, &small_n);
    tv = format_summary (c, vi, m, &sv, &small_n);
    d = format_delta (c, base, vi, m, &all_equal, NULL, NULL);
    g_string_truncate (line, 0);
    put_cell (line, name, 18, FALSE);
    g_string_append (line, "  ");
    put_cell (line, tb, 17, TRUE);
    g_string_append (line, "  ");
    put_cell (line, tv, 17, TRUE);
    g_string_append (line, "  ");
    put_cell (line, d, 26, TRUE);
    g_string_append_c (line, '\n');
    g_string_append (out, line->str);
    if (sb.median > 0.0 && sv.median > 0.0) {
      geo_b += log (sb.median);
      geo_v += log (sv.median);
      n_geo++;
    } else {
      geo_ok = FALSE;
    }
    g_free (name);
    g_free (tb);
    g_free (tv);
    g_free (d);
  }
  if (n_geo > 0 && geo_ok) {
    gchar *gb = format_value (exp (geo_b / n_geo), m);
    gchar *gv = format_value (exp (geo_v / n_geo), m);
    gchar *gd = g_strdup_printf ("%+.2f%%",
        (exp ((geo_v - geo_b) / n_geo) - 1.0) * 100.0);

    g_string_truncate (line, 0);
    put_cell (line, "geomean", 18, FALSE);
    g_string_append (line, "  ");
    put_cell (line, gb, 17, TRUE);
    g_string_append (line, "  ");
    put_cell (line, gv, 17, TRUE);
    g_string_append (line, "  ");
    put_cell (line, gd, 26, TRUE);
    g_string_append_c (line, '\n');
    g_string_append (out, line->str);
    g_free (gb);
    g_free (gv);
    g_free (gd);
  }
  if (all_equal)
    g_string_append (out, "¹ all samples are equal\n");
  if (small_n)
    g_string_append (out, "± ∞: fewer than 6 runs, no 95% interval\n");
  g_string_free (line, TRUE);
}

/* One row per case, one column per variant: medians only. */
static void
print_wide_table (GString * out, Level level, Metric m, const gchar * what)
{
  GString *line = g_string_new (NULL);
  guint i, vi;

  g_string_append_printf (out, "\n%s (median of the runs)\n", what);
  put_cell (line, "", 18, FALSE);
  for (vi = 0; vi < N_VARIANTS; vi++)
    if (variants[vi].level == level && variant_enabled (vi)) {
      g_string_append (line, " ");
      put_cell (line, variants[vi].id, 10, TRUE);
    }
  g_string_append_c (line, '\n');
  g_string_append (out, line->str);
  for (i = 0; i < cases->len; i++) {
    const Case *c = g_ptr_array_index (cases, i);
    gchar *name = case_name (c);

    g_string_truncate (line, 0);
    put_cell (line, name, 18, FALSE);
    for (vi = 0; vi < N_VARIANTS; vi++) {
      PcSummary s;
      guint n;
      gdouble *v;
      gchar *t;

      if (variants[vi].level != level || !variant_enabled (vi))
        continue;
      if (!c->ran[vi]) {
        g_string_append (line, " ");
        put_cell (line, "-", 10, TRUE);
        continue;
      }
      v = values_of (c, vi, m, &n);
      pc_summarize (v, n, &s);
      t = format_value (s.median, m);
      g_string_append (line, " ");
      put_cell (line, t, 10, TRUE);
      g_free (t);
      g_free (v);
    }
    g_string_append_c (line, '\n');
    g_string_append (out, line->str);
    g_free (name);
  }
  g_string_free (line, TRUE);
}

/* Time of each other variant divided by pooledconvert's, from one run. */
static void
print_ratio_table (GString * out, Level level, guint ours)
{
  GString *line = g_string_new (NULL);
  guint i, vi;
  gboolean dummy = FALSE;

  g_string_append_printf (out, "\n%s level: time of X / time of %s "
      "(> 1: %s is faster), Mann-Whitney p\n",
      level == LEVEL_STREAM ? "stream" : "kernel", variants[ours].id,
      variants[ours].id);
  put_cell (line, "", 18, FALSE);
  for (vi = 0; vi < N_VARIANTS; vi++)
    if (vi != ours && variants[vi].level == level && variant_enabled (vi)) {
      g_string_append (line, " ");
      put_cell (line, variants[vi].id, 17, TRUE);
    }
  g_string_append_c (line, '\n');
  g_string_append (out, line->str);
  for (i = 0; i < cases->len; i++) {
    const Case *c = g_ptr_array_index (cases, i);
    gchar *name = case_name (c);

    g_string_truncate (line, 0);
    put_cell (line, name, 18, FALSE);
    for (vi = 0; vi < N_VARIANTS; vi++) {
      gdouble ratio, p;
      gchar *d, *t;

      if (vi == ours || variants[vi].level != level || !variant_enabled (vi))
        continue;
      d = format_delta (c, vi, ours, METRIC_TIME, &dummy, &ratio, &p);
      if (!(ratio > 0.0))       /* not measured: libyuv lacks the format */
        t = g_strdup ("-");
      else if (p >= 0.05)
        t = g_strdup_printf ("~%.2fx p=%.3f", ratio, p);
      else
        t = g_strdup_printf ("%.2fx p=%.3f", ratio, p);
      g_string_append (line, " ");
      put_cell (line, t, 17, TRUE);
      g_free (t);
      g_free (d);
    }
    g_string_append_c (line, '\n');
    g_string_append (out, line->str);
    g_free (name);
  }
  g_string_append (out, "~: not significant (p >= 0.05)\n");
  g_string_free (line, TRUE);
}

/* Where output frames started in their pages, against the input's: the
 * pool-vs-none experiment (docs/pool-vs-none.md). */
static void
print_page_offsets (GString * out)
{
  guint i, vi, slot;

  g_string_append (out, "\npage offsets: where frames start in a 4 KiB page "
      "(64-byte slots seen), stream level\n");
  for (i = 0; i < cases->len; i++) {
    const Case *c = g_ptr_array_index (cases, i);
    gchar *name = case_name (c);

    g_string_append_printf (out, "  %-18s input %4u;", name, c->in_page_offset);
    for (vi = 0; vi < N_VARIANTS; vi++) {
      if (!c->ran[vi] || variants[vi].level != LEVEL_STREAM ||
          variants[vi].kind == KIND_MEMCPY)
        continue;
      g_string_append_printf (out, " %s", variants[vi].id);
      for (slot = 0; slot < 64; slot++)
        if (c->out_page_slots[vi] & (G_GUINT64_CONSTANT (1) << slot))
          g_string_append_printf (out, " %u", slot * 64);
      g_string_append_c (out, ';');
    }
    g_string_append_c (out, '\n');
    g_free (name);
  }
}

static void
print_pool_table (GString * out)
{
  guint i;

  g_string_append (out, "\npooledconvert pool stats at the end of each "
      "stream case (pool-mode=own)\n");
  g_string_append_printf (out, "%-18s %6s %9s %10s %8s %9s %12s %13s\n",
      "", "pool", "allocated", "reused", "peak-in", "peak-held", "bytes-held",
      "new while run");
  for (i = 0; i < cases->len; i++) {
    const Case *c = g_ptr_array_index (cases, i);
    const GstStructure *s = c->pool_stats[V_OWN];
    gchar *name = case_name (c), *bytes;
    const gchar *pool = s ? gst_structure_get_string (s, "pool") : NULL;

    if (s == NULL) {
      g_free (name);
      continue;
    }
    bytes = format_value (stats_uint64 (s, "bytes-held"), METRIC_BYTES);
    g_string_append_printf (out, "%-18s %6s %9" G_GUINT64_FORMAT " %10"
        G_GUINT64_FORMAT " %8" G_GUINT64_FORMAT " %9" G_GUINT64_FORMAT
        " %12s %13" G_GUINT64_FORMAT "\n", name, pool ? pool : "?",
        stats_uint64 (s, "buffers-allocated"),
        stats_uint64 (s, "buffers-reused"), stats_uint64 (s, "peak-in-flight"),
        stats_uint64 (s, "peak-buffers-held"), bytes,
        c->pool_allocated_while_measured[V_OWN]);
    g_free (bytes);
    g_free (name);
  }
  g_string_append (out, "(new while run: buffers the pool allocated "
      "during the measured runs, after warm-up)\n");
}

static void
print_retained (GString * out)
{
  guint i, j;

  if (retained->len == 0)
    return;
  g_string_append (out, "\nretained memory: Y444 1280x720 -> I420 "
      "(pool-mode=own); the sink holds the last K buffers until the frame\n"
      "in the middle, then lets go; pool bytes-held over time "
      "(frame: MiB held)\n");
  for (i = 0; i < retained->len; i++) {
    Retained *rt = g_ptr_array_index (retained, i);
    guint step = MAX (rt->timeline->len / 8, 1);

    if (rt->wait_timeout_ms > 0) {
      g_string_append_printf (out, "max-buffers=%u exhausted-policy=wait "
          "wait-timeout=%u K=%-2u: %u frames, %.2f ms/frame, waits %"
          G_GUINT64_FORMAT ", wait-timeouts %" G_GUINT64_FORMAT
          ", temporary %" G_GUINT64_FORMAT ", peak %.1f MiB\n",
          rt->max_buffers, rt->wait_timeout_ms, rt->hold_k, rt->frames,
          rt->seconds * 1e3 / rt->frames, stats_uint64 (rt->at_end, "waits"),
          stats_uint64 (rt->at_end, "wait-timeouts"),
          stats_uint64 (rt->at_end, "buffers-temporary"),
          stats_uint64 (rt->at_end, "peak-bytes-held") / 1048576.0);
      continue;
    }
    g_string_append_printf (out, "max-buffers=%u trim-window=%-3u K=%-2u:",
        rt->max_buffers, rt->trim_window, rt->hold_k);
    for (j = 0; j < rt->timeline->len; j += step) {
      TimelinePoint *pt = &g_array_index (rt->timeline, TimelinePoint, j);

      g_string_append_printf (out, " %u:%.1f", pt->frame,
          pt->bytes_held / 1048576.0);
    }
    g_string_append_printf (out, "\n    end: %.1f MiB in %" G_GUINT64_FORMAT
        " buffers; after %.1f s idle: %.1f MiB; after stop: %.1f MiB; "
        "peak %.1f MiB; allocated %" G_GUINT64_FORMAT ", temporary %"
        G_GUINT64_FORMAT "\n",
        stats_uint64 (rt->at_end, "bytes-held") / 1048576.0,
        stats_uint64 (rt->at_end, "buffers-held"), rt->idle_s,
        stats_uint64 (rt->after_idle, "bytes-held") / 1048576.0,
        stats_uint64 (rt->after_stop, "bytes-held") / 1048576.0,
        stats_uint64 (rt->at_end, "peak-bytes-held") / 1048576.0,
        stats_uint64 (rt->at_end, "buffers-allocated"),
        stats_uint64 (rt->at_end, "buffers-temporary"));
  }
}

/* ---- files --------------------------------------------------------------------- */

static void
write_csv (const gchar * path)
{
  FILE *f = fopen (path, "w");
  guint i, vi, j;

  if (f == NULL) {
    g_printerr ("cannot write %s\n", path);
    return;
  }
  fprintf (f, "level,format,width,height,variant,title,run,frames,"
      "ns_per_frame,cpu_ns_per_frame,allocs_per_frame,bytes_per_frame,"
      "frees_per_frame,peak_rss_kib,rss_growth_kib,in_bytes,out_bytes\n");
  for (i = 0; i < cases->len; i++) {
    const Case *c = g_ptr_array_index (cases, i);

    for (vi = 0; vi < N_VARIANTS; vi++) {
      if (!c->ran[vi])
        continue;
      for (j = 0; j < c->samples[vi]->len; j++) {
        const Sample *s = &g_array_index (c->samples[vi], Sample, j);

        fprintf (f, "%s,%s,%u,%u,%s,\"%s\",%u,%u,%.1f,%.1f,%.4f,%.1f,%.4f,"
            "%.0f,%.0f,%" G_GSIZE_FORMAT ",%" G_GSIZE_FORMAT "\n",
            variants[vi].level == LEVEL_STREAM ? "stream" : "kernel",
            gst_video_format_to_string (c->format), c->width, c->height,
            variants[vi].id, variants[vi].title, j, s->frames, s->ns,
            s->cpu_ns, s->allocs, s->bytes, s->frees, s->peak_rss_kib,
            s->rss_growth_kib, c->in_size, c->out_size);
      }
    }
  }
  fclose (f);
}

static void
write_retained_csv (const gchar * path)
{
  FILE *f;
  guint i, j;

  if (retained->len == 0)
    return;
  f = fopen (path, "w");
  if (f == NULL) {
    g_printerr ("cannot write %s\n", path);
    return;
  }
  fprintf (f, "max_buffers,trim_window,hold_k,policy,frame,phase,bytes_held,"
      "buffers_held," "in_flight,allocated,temporary,freed\n");
  for (i = 0; i < retained->len; i++) {
    Retained *rt = g_ptr_array_index (retained, i);

    for (j = 0; j < rt->timeline->len; j++) {
      TimelinePoint *pt = &g_array_index (rt->timeline, TimelinePoint, j);

      fprintf (f, "%u,%u,%u,%s,%u,%s,%" G_GUINT64_FORMAT ",%u,%u,%"
          G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT "\n",
          rt->max_buffers, rt->trim_window, rt->hold_k,
          rt->wait_timeout_ms > 0 ? "wait" : "temporary", pt->frame,
          pt->frame < rt->release_at ? "hold" : "released", pt->bytes_held,
          pt->buffers_held, pt->in_flight, pt->allocated, pt->temporary,
          pt->freed);
    }
  }
  fclose (f);
}

static void
json_structure (FILE * f, const GstStructure * s)
{
  gint i;

  fprintf (f, "{");
  for (i = 0; s && i < gst_structure_n_fields (s); i++) {
    const gchar *name = gst_structure_nth_field_name (s, i);
    const GValue *v = gst_structure_get_value (s, name);

    if (G_VALUE_HOLDS_STRING (v))
      fprintf (f, "%s\"%s\": \"%s\"", i ? ", " : "", name,
          g_value_get_string (v));
    else
      fprintf (f, "%s\"%s\": %" G_GUINT64_FORMAT, i ? ", " : "", name,
          stats_uint64 (s, name));
  }
  fprintf (f, "}");
}

static void
write_json (const gchar * path, const gchar * table)
{
  FILE *f = fopen (path, "w");
  guint i, vi, j;
  gboolean first;
  gchar *escaped;

  if (f == NULL) {
    g_printerr ("cannot write %s\n", path);
    return;
  }
  fprintf (f, "{\n  \"gstreamer\": \"%s\",\n", gst_version_string ());
#ifdef HAVE_LIBYUV
  fprintf (f, "  \"libyuv\": %d,\n", LIBYUV_VERSION);
#else
  fprintf (f, "  \"libyuv\": null,\n");
#endif
  fprintf (f, "  \"quick\": %s,\n  \"runs\": %u,\n  \"target_s\": %.3f,\n"
      "  \"ring_mib\": %u,\n  \"output_format\": \"%s\",\n",
      opts.quick ? "true" : "false", opts.runs, opts.target_s, opts.ring_mib,
      gst_video_format_to_string (opts.output_format));
  fprintf (f, "  \"variants\": [");
  for (vi = 0; vi < N_VARIANTS; vi++)
    fprintf (f, "%s\n    {\"id\": \"%s\", \"title\": \"%s\", \"level\": "
        "\"%s\", \"enabled\": %s}", vi ? "," : "", variants[vi].id,
        variants[vi].title,
        variants[vi].level == LEVEL_STREAM ? "stream" : "kernel",
        variant_enabled (vi) ? "true" : "false");
  fprintf (f, "\n  ],\n  \"cases\": [");
  for (i = 0; i < cases->len; i++) {
    const Case *c = g_ptr_array_index (cases, i);

    fprintf (f, "%s\n    {\"format\": \"%s\", \"width\": %u, \"height\": %u, "
        "\"in_bytes\": %" G_GSIZE_FORMAT ", \"out_bytes\": %" G_GSIZE_FORMAT
        ", \"ring_frames\": %u,\n     \"pool_stats_own\": ", i ? "," : "",
        gst_video_format_to_string (c->format), c->width, c->height,
        c->in_size, c->out_size, c->ring_len);
    json_structure (f, c->pool_stats[V_OWN]);
    fprintf (f, ",\n     \"pool_stats_none\": ");
    json_structure (f, c->pool_stats[V_NONE]);
    fprintf (f, ",\n     \"results\": {");
    first = TRUE;
    for (vi = 0; vi < N_VARIANTS; vi++) {
      Metric m;

      if (!c->ran[vi])
        continue;
      /* with --only, the first variant run need not be the first one */
      fprintf (f, "%s\n       \"%s\": {", first ? "" : ",", variants[vi].id);
      first = FALSE;
      for (m = METRIC_TIME; m <= METRIC_RSS_GROWTH; m++) {
        guint n;
        gdouble *v = values_of (c, vi, m, &n);
        PcSummary s;

        pc_summarize (v, n, &s);
        fprintf (f, "%s\"%s\": {\"median\": %.6g, \"lo\": %.6g, \"hi\": %.6g,"
            " \"samples\": [", m ? ", " : "", m == METRIC_TIME ? "sec" :
            m == METRIC_ALLOCS ? "allocs" : m == METRIC_BYTES ? "bytes" :
            m == METRIC_RSS ? "peak_rss_bytes" : "rss_growth_bytes", s.median,
            s.lo, s.hi);
        for (j = 0; j < n; j++)
          fprintf (f, "%s%.6g", j ? ", " : "", v[j]);
        fprintf (f, "]}");
        g_free (v);
      }
      fprintf (f, ", \"frames\": %u}",
          g_array_index (c->samples[vi], Sample, 0).frames);
    }
    fprintf (f, "}}");
  }
  fprintf (f, "\n  ],\n  \"retained\": [");
  for (i = 0; i < retained->len; i++) {
    Retained *rt = g_ptr_array_index (retained, i);

    fprintf (f, "%s\n    {\"max_buffers\": %u, \"trim_window\": %u, "
        "\"hold_k\": %u, \"policy\": \"%s\", \"wait_timeout_ms\": %u, "
        "\"frames\": %u, \"seconds\": %.4f,"
        " \"release_at\": %u, \"buffer_bytes\": %" G_GSIZE_FORMAT
        ", \"idle_s\": %.2f,\n     \"at_end\": ", i ? "," : "",
        rt->max_buffers, rt->trim_window, rt->hold_k,
        rt->wait_timeout_ms > 0 ? "wait" : "temporary", rt->wait_timeout_ms,
        rt->frames, rt->seconds, rt->release_at, rt->buffer_size, rt->idle_s);
    json_structure (f, rt->at_end);
    fprintf (f, ",\n     \"after_idle\": ");
    json_structure (f, rt->after_idle);
    fprintf (f, ",\n     \"after_stop\": ");
    json_structure (f, rt->after_stop);
    fprintf (f, ",\n     \"timeline\": [");
    for (j = 0; j < rt->timeline->len; j++) {
      TimelinePoint *pt = &g_array_index (rt->timeline, TimelinePoint, j);

      fprintf (f, "%s[%u, %" G_GUINT64_FORMAT ", %u]", j ? ", " : "",
          pt->frame, pt->bytes_held, pt->buffers_held);
    }
    fprintf (f, "]}");
  }
  escaped = g_strescape (table, "µ±∞│¹");
  fprintf (f, "\n  ],\n  \"table\": \"%s\"\n}\n", escaped);
  g_free (escaped);
  fclose (f);
}

/* ---- main ------------------------------------------------------------------------ */

/* The variants that must allocate nothing per frame: pooledconvert with
 * its own pool, on one thread and on its worker set. */
static const guint zero_alloc_variants[] = { V_OWN, V_OWN_NT2, V_PC_LOOP_NT2,
  V_K_PC_NT2
};

#define OTHER_THREAD_ALLOCS 1000

static gpointer
allocate_and_free (gpointer data)
{
  guint i;

  for (i = 0; i < OTHER_THREAD_ALLOCS; i++)
    free (g_malloc (64 + i));
  return NULL;
}

/* The counter is process-wide: allocations on another thread (as the
 * worker threads are) must show in it. */
static gboolean
counter_sees_other_threads (void)
{
  PcAllocCount before, after;

  pc_alloc_count_get (&before);
  g_thread_join (g_thread_new ("alloc-check", allocate_and_free, NULL));
  pc_alloc_count_get (&after);
  return after.allocs - before.allocs >= OTHER_THREAD_ALLOCS;
}

static gboolean
check_results (GString * out)
{
  guint i, j, k, checked = 0;
  gboolean ok = TRUE;

  g_string_append (out, "\ncheck: pooledconvert pool-mode=own (and with two "
      "threads), allocations per frame in steady state, whole process\n");
  for (i = 0; i < cases->len; i++) {
    const Case *c = g_ptr_array_index (cases, i);

    for (k = 0; k < G_N_ELEMENTS (zero_alloc_variants); k++) {
      guint vi = zero_alloc_variants[k];
      gdouble worst = 0.0;
      gchar *name;

      if (!c->ran[vi])
        continue;
      for (j = 0; j < c->samples[vi]->len; j++)
        worst = MAX (worst, g_array_index (c->samples[vi], Sample, j).allocs);
      name = case_name (c);
      g_string_append_printf (out, "  %-18s %-12s max over %u runs: %.4f "
          "allocs/frame, pool buffers allocated while measured: %"
          G_GUINT64_FORMAT " -> %s\n", name, variants[vi].id,
          c->samples[vi]->len, worst, c->pool_allocated_while_measured[vi],
          worst == 0.0 && c->pool_allocated_while_measured[vi] == 0 ?
          "ok" : "FAIL");
      if (worst != 0.0 || c->pool_allocated_while_measured[vi] != 0)
        ok = FALSE;
      checked++;
      g_free (name);
    }
  }
  if (checked == 0)
    ok = FALSE;
  if (!pc_alloc_count_active ()) {
    g_string_append (out, "  the allocation counter saw nothing: not "
        "interposed?\n");
    ok = FALSE;
  } else if (!counter_sees_other_threads ()) {
    g_string_append (out, "  the allocation counter misses other threads\n");
    ok = FALSE;
  }
  if (wrong_plugin) {
    g_string_append (out, "  pooledconvert was not this build's\n");
    ok = FALSE;
  }
  g_string_append_printf (out, "check: %s (%u cases)\n", ok ? "PASSED" :
      "FAILED", checked);
  return ok;
}

static gboolean
parse_size (const gchar * s, guint * w, guint * h)
{
  return sscanf (s, "%ux%u", w, h) == 2 && *w > 0 && *h > 0;
}

/* GLib 2.74's g_slice serves small blocks from per-thread magazines, which
 * malloc never sees: a GstBuffer from g_slice_new would go uncounted.  With
 * G_SLICE=always-malloc every slice is a malloc.  GLib reads the variable
 * once, early, so the program starts itself again with it set. */
static void
ensure_slices_are_mallocs (char **argv)
{
  const char *slice = getenv ("G_SLICE");

  if (slice != NULL && strcmp (slice, "always-malloc") == 0)
    return;
  setenv ("G_SLICE", "always-malloc", 1);
  execv ("/proc/self/exe", argv);
  perror ("pooledconvert-bench: cannot restart with G_SLICE=always-malloc");
  exit (2);
}

/* The formats of the full run's main tables (one of each chroma layout
 * the element filters, 4:4:4, 4:2:2 and RGB, and I420 passthrough);
 * --formats others runs the rest of the plan's table. */
static const gchar *const default_formats[] =
    { "Y444", "Y42B", "RGBA", "I420", NULL };

int
main (int argc, char **argv)
{
  gchar *formats = NULL, *sizes = NULL, *only = NULL, *output_format = NULL;
  gint runs = 0, ring_mib = 0;
  gdouble target_ms = 0.0;
  GOptionEntry entries[] = {
    {"quick", 0, 0, G_OPTION_ARG_NONE, &opts.quick,
        "Smoke test: few frames, n=3, two sizes", NULL},
    {"runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs per case (default 10)",
        "N"},
    {"target-ms", 0, 0, G_OPTION_ARG_DOUBLE, &target_ms,
        "Wall time of one measurement (default 300)", "MS"},
    {"ring-mib", 0, 0, G_OPTION_ARG_INT, &ring_mib,
        "Input ring size at the stream level (default 160)", "MIB"},
    {"formats", 0, 0, G_OPTION_ARG_STRING, &formats,
          "Input formats, any the element takes; all; or others: all but "
          "the default Y444,Y42B,RGBA,I420",
        "LIST"},
    {"sizes", 0, 0, G_OPTION_ARG_STRING, &sizes,
        "Frame sizes (default 720x480,1280x720,1920x1080,3840x2160)", "LIST"},
    {"only", 0, 0, G_OPTION_ARG_STRING, &only,
          "Run only these variants (ids as in the tables, e.g. k-pc-avx2)",
        "LIST"},
    {"csv", 0, 0, G_OPTION_ARG_FILENAME, &opts.csv, "Write samples here",
        "FILE"},
    {"json", 0, 0, G_OPTION_ARG_FILENAME, &opts.json,
        "Write samples, summaries and the table here", "FILE"},
    {"retained-csv", 0, 0, G_OPTION_ARG_FILENAME, &opts.retained_csv,
        "Write the retained-memory timeline here", "FILE"},
    {"no-retained", 0, 0, G_OPTION_ARG_NONE, &opts.no_retained,
        "Skip the retained-memory scenario", NULL},
    {"interlaced", 0, 0, G_OPTION_ARG_NONE, &opts.interlaced,
          "Input and output interlace-mode=interleaved (the general path "
          "for most formats; libyuv knows no fields and converts frames)",
        NULL},
    {"chroma-site", 0, 0, G_OPTION_ARG_STRING, &opts.chroma_site,
          "Ask downstream for this chroma-site (v-cosited and cosited take "
          "the general path)",
        "SITE"},
    {"colorimetry", 0, 0, G_OPTION_ARG_STRING, &opts.colorimetry,
          "Ask downstream for this colorimetry (another YUV matrix or range "
          "takes the general path)",
        "COLORIMETRY"},
    {"output-format", 0, 0, G_OPTION_ARG_STRING, &output_format,
          "Ask downstream for this format: I420 (the default), NV12, "
          "I420_10LE or P010_10LE (libyuv's variants are run for I420 only)",
        "FORMAT"},
    {"check", 0, 0, G_OPTION_ARG_NONE, &opts.check,
        "Exit 1 unless pool-mode=own allocated nothing per frame", NULL},
    {NULL}
  };
  GOptionContext *ctx = g_option_context_new ("- pooledconvert benchmarks");
  GError *error = NULL;
  GString *out;
  guint i, j, ring_bytes;
  gboolean ok = TRUE;
  gdouble t0;

  ensure_slices_are_mallocs (argv);
  t0 = now_s ();
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    g_printerr ("%s\n", error->message);
    return 2;
  }
  g_option_context_free (ctx);
  gst_init (NULL, NULL);
  opts.output_format = output_format ?
      gst_video_format_from_string (output_format) : GST_VIDEO_FORMAT_I420;
  if (opts.output_format != GST_VIDEO_FORMAT_I420 &&
      opts.output_format != GST_VIDEO_FORMAT_NV12 &&
      opts.output_format != GST_VIDEO_FORMAT_I420_10LE &&
      opts.output_format != GST_VIDEO_FORMAT_P010_10LE) {
    g_printerr ("--output-format: I420, NV12, I420_10LE or P010_10LE, not %s\n",
        output_format);
    return 2;
  }
  g_free (output_format);

  /* The videoconvert variants with threads run their workers from GLib's
   * thread pools; an idle worker that GLib stops allocates as it exits
   * (its slice magazine), in whatever run happens to be going on.  Keeping
   * idle workers keeps that noise, which belongs to neither variant, out
   * of the counts. */
  g_thread_pool_set_max_unused_threads (-1);
  g_thread_pool_set_max_idle_time (0);

#ifdef HAVE_LIBYUV
  opts.have_libyuv = TRUE;
#endif
  opts.runs = runs > 0 ? runs : opts.quick ? 3 : 10;
  opts.only = only != NULL ? g_strsplit (only, ",", -1) : NULL;
  opts.target_s = (target_ms > 0 ? target_ms : opts.quick ? 8 : 300) / 1e3;
  opts.ring_mib = ring_mib > 0 ? ring_mib : opts.quick ? 16 : 160;
  /* "all": every format the element takes, from the plan's table;
   * "others": those but the default four */
  if (g_strcmp0 (formats, "all") == 0 || g_strcmp0 (formats, "others") == 0) {
    const gchar *const *all = pc_convert_formats (PC_FORMATS_ALL);
    GPtrArray *list = g_ptr_array_new ();

    for (i = 0; all[i] != NULL; i++)
      if (g_strcmp0 (formats, "all") == 0 ||
          !g_strv_contains (default_formats, all[i]))
        g_ptr_array_add (list, g_strdup (all[i]));
    g_ptr_array_add (list, NULL);
    opts.formats = (gchar **) g_ptr_array_free (list, FALSE);
  } else {
    opts.formats = formats ? g_strsplit (formats, ",", -1) :
        g_strdupv ((gchar **) default_formats);
  }
  opts.sizes = g_strsplit (sizes ? sizes : opts.quick ? "720x480,1280x720" :
      "720x480,1280x720,1920x1080,3840x2160", ",", -1);
  expected_plugin_dir = g_getenv ("PC_BENCH_PLUGIN_DIR");
  trace_allocs = g_getenv ("PC_BENCH_TRACE_ALLOCS") != NULL;
  ring_bytes = opts.ring_mib * 1048576u;

  cases = g_ptr_array_new ();
  for (j = 0; opts.sizes[j]; j++) {
    for (i = 0; opts.formats[i]; i++) {
      Case *c = g_new0 (Case, 1);
      GstVideoInfo info;

      c->format = gst_video_format_from_string (opts.formats[i]);
      if (c->format == GST_VIDEO_FORMAT_UNKNOWN ||
          !parse_size (opts.sizes[j], &c->width, &c->height)) {
        g_printerr ("bad format or size: %s %s\n", opts.formats[i],
            opts.sizes[j]);
        return 2;
      }
      gst_video_info_set_format (&info, c->format, c->width, c->height);
      c->ring_len = MAX ((guint) (ring_bytes / info.size) + 1, 2);
      g_ptr_array_add (cases, c);
    }
  }

  for (i = 0; i < cases->len; i++)
    run_case (g_ptr_array_index (cases, i), i, cases->len);

  retained = g_ptr_array_new ();
  if (!opts.no_retained) {
    static const guint ks[] = { 0, 4, 32 };
    /* trimming on and off, a bounded pool, and the bounded pool with
     * exhausted-policy=wait (wait-timeout 10 ms): back-pressure while the
     * sink holds fewer than max-buffers, a timeout per frame once it
     * holds more */
    static const struct
    {
      guint max_buffers, trim_window, wait_timeout_ms;
    } setups[] = { {0, 300, 0}, {0, 0, 0}, {8, 300, 0}, {8, 300, 10} };
    guint m;

    g_printerr ("retained-memory scenario...");
    for (m = 0; m < G_N_ELEMENTS (setups); m++)
      for (i = 0; i < G_N_ELEMENTS (ks); i++)
        run_retained (setups[m].max_buffers, setups[m].trim_window, ks[i],
            setups[m].wait_timeout_ms);
    g_printerr (" done\n");
  }

  out = g_string_new (NULL);
  g_string_append_printf (out, "pooledconvert benchmarks%s, %s out: %u runs "
      "per case, interleaved; ~%.0f ms per measurement; stream ring >= %u "
      "MiB\n"
      "GStreamer %s, libyuv %s; median ± 95%% CI of the median; "
      "p: Mann-Whitney U, two-sided; G_SLICE=always-malloc\n",
      opts.quick ? " (quick)" : "",
      gst_video_format_to_string (opts.output_format), opts.runs,
      opts.target_s * 1e3,
      opts.ring_mib, gst_version_string (), opts.have_libyuv ?
#ifdef HAVE_LIBYUV
      G_STRINGIFY (LIBYUV_VERSION)
#else
      "?"
#endif
      : "not found (skipped)");

  g_string_append (out, "\n== stream level: appsrc (ring of cold frames) ! "
      "X ! fakesink; libyuv/memcpy loop over the same ring ==\n");
  print_ratio_table (out, LEVEL_STREAM, V_OWN);
  for (i = 0; i < N_VARIANTS; i++)
    if (i != V_OWN && variants[i].level == LEVEL_STREAM && variant_enabled (i))
      print_pair_table (out, i, V_OWN, METRIC_TIME);
  print_pair_table (out, V_NONE, V_OWN, METRIC_ALLOCS);
  print_pair_table (out, V_NONE, V_OWN, METRIC_BYTES);
  print_wide_table (out, LEVEL_STREAM, METRIC_ALLOCS,
      "allocs/frame, whole process, stream level");
  print_wide_table (out, LEVEL_STREAM, METRIC_BYTES,
      "B/frame allocated, whole process, stream level");
  print_wide_table (out, LEVEL_STREAM, METRIC_RSS,
      "peak RSS during a run (includes the input ring)");
  print_wide_table (out, LEVEL_STREAM, METRIC_RSS_GROWTH,
      "RSS growth during a run (peak minus RSS at its start)");
  print_pool_table (out);
  print_page_offsets (out);

  g_string_append (out, "\n== kernel level: one frame, converted again and "
      "again (hot cache) ==\n");
  print_ratio_table (out, LEVEL_KERNEL, V_K_PC);
  for (i = 0; i < N_VARIANTS; i++)
    if (i != V_K_PC && variants[i].level == LEVEL_KERNEL && variant_enabled (i))
      print_pair_table (out, i, V_K_PC, METRIC_TIME);
  print_wide_table (out, LEVEL_KERNEL, METRIC_ALLOCS,
      "allocs/frame, whole process, kernel level");

  print_retained (out);
  ok = check_results (out);
  g_string_append_printf (out, "\ntotal time %.0f s\n", now_s () - t0);

  fputs (out->str, stdout);
  fflush (stdout);
  if (opts.csv)
    write_csv (opts.csv);
  if (opts.json)
    write_json (opts.json, out->str);
  if (opts.retained_csv)
    write_retained_csv (opts.retained_csv);

  return opts.check && !ok ? 1 : 0;
}
