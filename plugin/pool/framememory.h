/* pooledconvert
 * Frame memory for the pool: allocation that can fail cleanly, aligned as
 * GstAllocationParams ask, placed off the page start, with no byte left
 * uninitialised outside the picture.
 */

#ifndef __PC_FRAME_MEMORY_H__
#define __PC_FRAME_MEMORY_H__

#include <gst/gst.h>
#include <gst/video/video.h>

G_BEGIN_DECLS
/* The alignment of output frames, for SIMD rows: frame memory is never
 * aligned to less, and strides with a video meta are multiples of it (the
 * pool's default, and what the element asks of a downstream pool). */
#define PC_FRAME_MEMORY_MIN_ALIGN 64
/* Where a frame starts within its 4 KiB page when the alignment allows: not
 * at the page start, where the heap blocks of upstream's frames start, so
 * that output rows do not sit at the same page offset as input rows (loads
 * and stores 4 KiB apart alias in the CPU's store buffer). */
#ifndef PC_FRAME_MEMORY_PLACEMENT
#define PC_FRAME_MEMORY_PLACEMENT 2048
#endif
/* @size bytes with params->prefix before and params->padding after, the
 * block aligned to params->align (at least PC_FRAME_MEMORY_MIN_ALIGN).  The
 * prefix and padding are zeroed.  Returns NULL when the system has no
 * memory for it, instead of aborting as GLib's allocator does. */
    GstMemory * pc_frame_memory_new (gsize size,
    const GstAllocationParams * params);

/* Zeroes every byte of @memory that is not a pixel of a frame laid out as
 * @info (stride padding, the space between and after planes), so that no
 * uninitialised heap ever goes downstream.  Once, at allocation. */
gboolean pc_frame_memory_zero_padding (GstMemory * memory,
    const GstVideoInfo * info);

G_END_DECLS
#endif /* __PC_FRAME_MEMORY_H__ */
