#!/usr/bin/env python3
"""Writes the seed corpus of fuzz-pooledconvert into tests/fuzz/corpus/.

Each seed is one input in the layout fuzz-pooledconvert.c describes: a
header (format, width, height, colorimetry, downstream, flags, buffer size,
video-meta offsets and strides) and then pixel bytes.  The seeds name the
cases worth starting from; the fuzzer finds the rest.  Run it again after
changing the layout; the files are checked in.
"""
import os
import struct
import sys

FORMATS = {"I420": 0, "Y444": 1, "Y42B": 2, "RGBA": 3, "NV12": 6,
           "GRAY8": 7, "BGRA": 8, "YUY2": 10, "AYUV": 14, "RGB": 18}
META, OWN_SIZE, EXTREME_META, RAW_COLORIMETRY, CAPS_STRIDES, META_FORMAT, \
    NO_POOL, TWICE = 1, 2, 4, 8, 16, 32, 64, 128
# downstream byte: bit 2 names a colorimetry (index 1 + bits 4-7 % 13),
# bit 3 with META makes the meta larger than the caps (padded)
SINK_COLORIMETRY, PADDED = 4, 8
SITINGS = {None: 0, "jpeg": 1, "mpeg2": 2, "v-cosited": 3, "cosited": 4}
INTERLACINGS = {"progressive": 0, "interleaved": 1, "mixed": 2,
                "mixed-flagged": 3}


def seed(fmt, width, height, colorimetry=0, downstream=0, flags=0, size=0,
         offsets=(0, 0, 0), strides=(0, 0, 0), text=b"", pixels=64):
    head = struct.pack("<BHHBBB", FORMATS[fmt], width, height, colorimetry,
                       downstream, flags)
    head += struct.pack("<I", size)[:3]
    for off, stride in zip(offsets, strides):
        head += struct.pack("<Ii", off, stride)
    assert len(head) == 35
    body = bytes([len(text)]) + text
    body += bytes((i * 37 + 11) & 0xff for i in range(pixels))
    return head + body


SEEDS = {
    "rgba-small": seed("RGBA", 16, 8),
    "rgba-odd-bt709": seed("RGBA", 17, 9, colorimetry=2, downstream=4 | 0x20),
    "y444-odd": seed("Y444", 33, 17),
    "y42b-odd": seed("Y42B", 31, 11, flags=TWICE),
    "i420-passthrough": seed("I420", 16, 16),
    "rgba-short-buffer": seed("RGBA", 16, 8, flags=OWN_SIZE, size=100),
    "y444-empty-buffer": seed("Y444", 8, 8, flags=OWN_SIZE, size=0),
    "rgba-meta-odd-offset": seed("RGBA", 15, 7, flags=META | CAPS_STRIDES,
                                 offsets=(3, 0, 0), strides=(5, 0, 0)),
    "y444-meta-offsets": seed("Y444", 9, 5, flags=META | CAPS_STRIDES,
                              offsets=(1, 50, 101), strides=(1, 2, 3)),
    "y42b-meta-raw-strides": seed("Y42B", 12, 6, flags=META,
                                  offsets=(0, 80, 120), strides=(-12, 6, 7)),
    "rgba-meta-wrong-format": seed("RGBA", 8, 8, flags=META | META_FORMAT),
    "rgba-raw-colorimetry": seed("RGBA", 8, 4, flags=RAW_COLORIMETRY,
                                 text=b"1:4:5:1"),
    "rgba-bad-colorimetry": seed("RGBA", 8, 4, flags=RAW_COLORIMETRY,
                                 text=b"9:x:7:::"),
    "width-zero": seed("RGBA", 0, 8),
    "width-over-limit": seed("Y444", 0x8000 | 32769 & 0x7fff | 0x8000, 2),
    "height-over-limit": seed("RGBA", 2, 0xffff),
    "nv12-refused": seed("NV12", 16, 16),
    "gray8-refused": seed("GRAY8", 16, 16),
    "rgba-no-pool": seed("RGBA", 20, 10, flags=NO_POOL | TWICE),
    "rgba-max-buffers": seed("RGBA", 20, 10, downstream=1, flags=TWICE),
    # EXTREME_META: plane 2's offset and stride words are the meta's width
    # and height; offsets are not bounded
    "rgba-meta-width-2p31": seed("RGBA", 16, 8, flags=META | EXTREME_META,
                                 offsets=(0, 0, 1 << 31),
                                 strides=(64, 0, 8)),
    "rgba-meta-height-2p31": seed("RGBA", 16, 8, flags=META | EXTREME_META,
                                  offsets=(0, 0, 16),
                                  strides=(64, 0, -(1 << 31))),
    "y444-meta-max-size": seed("Y444", 16, 8, flags=META | EXTREME_META,
                               offsets=(0, 128, 0xffffffff),
                               strides=(16, 16, -1)),
    "i420-meta-extreme-offsets": seed("I420", 16, 8,
                                      flags=META | EXTREME_META,
                                      offsets=(0xffffffff, 0x80000000, 16),
                                      strides=(16, 8, 8)),
    "y42b-meta-extreme-strides": seed("Y42B", 16, 8,
                                      flags=META | EXTREME_META,
                                      offsets=(0, 128, 16),
                                      strides=(0x7fffffff, -(1 << 31), 8)),
}


def padded(fmt, width, height, columns, rows, threads=1,
           interlacing="progressive", siting=None, colorimetry=0,
           downstream=0, flags=0, shift=0):
    """A frame whose meta is @columns wider and @rows taller than the caps;
    the plane-2 words carry the padding (see fuzz-pooledconvert.c)."""
    word_columns = (0x30000 | columns) if columns > 32 else columns
    word = rows | (threads - 1) << 3 | INTERLACINGS[interlacing] << 5 | \
        SITINGS[siting] << 7
    return seed(fmt, width, height, colorimetry=colorimetry,
                downstream=downstream | PADDED, flags=flags | META,
                offsets=(shift, 0, word_columns), strides=(0, 0, word))


# metas larger than the caps: every walk, edges at odd sizes
SEEDS.update({
    "rgba-interlaced-meta-32768-wider": padded(
        "RGBA", 16, 4, 32768, 1, interlacing="interleaved"),
    "rgb-v-cosited-meta-32768-wider": padded(
        "RGB", 17, 5, 32768, 7, threads=2, siting="v-cosited"),
    "y444-cosited-meta-taller": padded(
        "Y444", 17, 9, 0, 7, threads=2, siting="cosited"),
    "y42b-bt709-meta-padded": padded(
        "Y42B", 17, 9, 16, 1, threads=3, colorimetry=1,
        downstream=SINK_COLORIMETRY | 0x10),
    "yuy2-mixed-meta-padded": padded(
        "YUY2", 18, 7, 1, 7, interlacing="mixed-flagged", flags=TWICE),
    "ayuv-mpeg2-meta-padded": padded(
        "AYUV", 17, 9, 16, 1, threads=2, siting="mpeg2", shift=3),
    "nv12-meta-padded": padded("NV12", 17, 9, 16, 7),
    "i420-passthrough-meta-padded": padded("I420", 17, 9, 1, 1),
})


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
    os.makedirs(out, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    print(f"{len(SEEDS)} seeds in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
