/* pooledconvert
 * Frame memory; see framememory.h.
 *
 * GStreamer's system allocator takes its blocks from g_slice_alloc, which
 * aborts the process when malloc fails: a 16384x16384 frame under a memory
 * limit would take the application down.  posix_memalign reports failure
 * instead, and the memory is wrapped so that the rest of GStreamer (maps,
 * shares, copies) treats it as any system memory.
 */

#include <stdlib.h>
#include <string.h>

#include "pool/framememory.h"

#define PAGE_SIZE_BYTES 4096

/* GstAllocationParams.align is a mask (alignment - 1); a mask that is not
 * one less than a power of two is taken as the next one that is. */
static gsize
alignment_of (gsize align_mask)
{
  gsize alignment = PC_FRAME_MEMORY_MIN_ALIGN;

  while (alignment - 1 < align_mask && alignment <= G_MAXSIZE / 2)
    alignment *= 2;
  return alignment;
}

GstMemory *
pc_frame_memory_new (gsize size, const GstAllocationParams * params)
{
  gsize alignment = alignment_of (params->align);
  gsize placement = 0, block_alignment = alignment, maxsize;
  gpointer block = NULL;
  guint8 *data;

  /* off the page start only where that keeps the requested alignment */
  if (alignment <= PC_FRAME_MEMORY_PLACEMENT &&
      PC_FRAME_MEMORY_PLACEMENT % alignment == 0) {
    placement = PC_FRAME_MEMORY_PLACEMENT;
    block_alignment = PAGE_SIZE_BYTES;
  }

  if (size > G_MAXSIZE - params->prefix - params->padding - placement)
    return NULL;
  maxsize = params->prefix + size + params->padding;
  if (posix_memalign (&block, block_alignment, placement + maxsize) != 0)
    return NULL;

  data = (guint8 *) block + placement;
  if (params->prefix > 0)
    memset (data, 0, params->prefix);
  if (params->padding > 0)
    memset (data + params->prefix + size, 0, params->padding);

  return gst_memory_new_wrapped (params->flags, data, maxsize, params->prefix,
      size, block, free);
}

/* The planes of @info in the order they lie in memory. */
static void
planes_by_offset (const GstVideoInfo * info, guint order[GST_VIDEO_MAX_PLANES])
{
  guint n = GST_VIDEO_INFO_N_PLANES (info), i, j;

  for (i = 0; i < n; i++) {
    guint plane = i;

    for (j = i; j > 0 && info->offset[order[j - 1]] > info->offset[plane]; j--)
      order[j] = order[j - 1];
    order[j] = plane;
  }
}

/* The component stored in @plane (for the planar formats here, one). */
static guint
component_of_plane (const GstVideoInfo * info, guint plane)
{
  guint c;

  for (c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++)
    if (GST_VIDEO_INFO_COMP_PLANE (info, c) == plane)
      return c;
  return plane;
}

/* Zeroes [*cursor, end) and moves the cursor to @next. */
static void
zero_up_to (guint8 * data, gsize * cursor, gsize end, gsize next)
{
  if (end > *cursor)
    memset (data + *cursor, 0, end - *cursor);
  *cursor = MAX (*cursor, next);
}

gboolean
pc_frame_memory_zero_padding (GstMemory * memory, const GstVideoInfo * info)
{
  guint order[GST_VIDEO_MAX_PLANES];
  GstMapInfo map;
  gsize cursor = 0;
  guint i, row;

  if (!gst_memory_map (memory, &map, GST_MAP_WRITE))
    return FALSE;

  planes_by_offset (info, order);
  for (i = 0; i < GST_VIDEO_INFO_N_PLANES (info); i++) {
    guint plane = order[i], c = component_of_plane (info, plane);
    gsize row_bytes = (gsize) GST_VIDEO_INFO_COMP_WIDTH (info, c) *
        GST_VIDEO_INFO_COMP_PSTRIDE (info, c);
    guint rows = GST_VIDEO_INFO_COMP_HEIGHT (info, c);

    for (row = 0; row < rows; row++) {
      gsize start = info->offset[plane] +
          (gsize) row * GST_VIDEO_INFO_PLANE_STRIDE (info, plane);

      if (start + row_bytes > map.size)
        break;
      zero_up_to (map.data, &cursor, start, start + row_bytes);
    }
  }
  zero_up_to (map.data, &cursor, map.size, map.size);

  gst_memory_unmap (memory, &map);
  return TRUE;
}
