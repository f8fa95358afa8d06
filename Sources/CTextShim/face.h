// Private to CTextShim: an opened face (shim.c opens, reads and draws it) and the objects each
// thread keeps for itself (thread.c): a HarfBuzz buffer, ICU's line break iterator and bidi
// object, and a HarfBuzz face and font of its own for each face it shapes with.
#ifndef CTEXTSHIM_FACE_H
#define CTEXTSHIM_FACE_H

#include "CTextShim.h"

#include <ft2build.h>
#include FT_FREETYPE_H

#include <hb.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

// How many single-unit shapings a face keeps (ts_face_kept_glyph).
#define TS_KEPT_SLOTS 32

// The elements of a face's tables that its analyses may visit, together: the space analysis
// at open (space.c) and the simple path's plans (simple_plan.c). A face that spends it takes
// no shortcut the analysis that ran out would have allowed (docs/typesetting.md, "Bounded
// work"; ExactShapingTests.testAFontWithHugeSpaceRulesOpensFast pins the time it takes).
#define TS_FACE_BUDGET (1L << 21)

struct TSFace {
    FT_Library library;
    FT_Face ftFace;
    // The file's bytes. The blob owns them once it is made (its destroy callback frees them):
    // every HarfBuzz face made from it, this one's and each thread's own, holds a reference,
    // so the bytes outlive the TSFace while a thread's objects still read them. Before that,
    // ownsBytes says the face frees them itself.
    unsigned char *bytes;
    long size;
    int32_t index;
    int ownsBytes;
    // Never reused in the process: names the face in the threads' tables of HarfBuzz objects,
    // where a freed face's reused address must not find the old face's objects.
    uint64_t serial;
    // An instance of a variable face (ts_face_instance) reads its base's bytes (holding a
    // reference to its blob) and shares its HarfBuzz face; it owns its FreeType face (set to
    // the same design coordinates) and font.
    int isInstance;
    // The instance's design coordinates (count 0 for a face that is not an instance), which
    // each thread's own font of the face is set to as well.
    float coordinates[64];
    unsigned int coordinateCount;
    hb_blob_t *blob;
    // The face's own HarfBuzz objects: made at open, used for the analyses at open and for
    // calls that are not on the shaping path. Shaping uses the calling thread's own
    // (ts_thread_font).
    hb_face_t *hbFace;
    hb_font_t *hbFont;
    // One UTF-16 unit shaped alone, per unit, direction, script and shaping switch
    // (ts_face_kept_glyph): a lone space, the segment every text meets between its words, and
    // U+2026, whose width every text keeps. Kept where reading writes nothing. A slot's key is
    // 0 while empty, KEPT_SLOT_WRITING while one thread fills it, then KEPT_SLOT_READY | the
    // packed unit, direction, script and switches; its glyph is written before the key is
    // published and never after.
    struct {
        _Atomic uint64_t key;
        TSGlyph glyph;
    } kept[TS_KEPT_SLOTS];
    // Glyphs that a default-feature lookup involving the space glyph can touch (see
    // ts_face_space_safe). Built at open, read-only afterwards.
    hb_set_t *spaceInteracting;
    // Set when no run of the face is cut (TSSpaceAnalysis.refused, or shortcuts off).
    int refused;
    // What is left of TS_FACE_BUDGET after the space analysis, for the simple path's plans
    // (written under the lock of the face's plan cache, simple.c; read by ts_face_instance).
    _Atomic long budget;
    // Bit c set when the face has a glyph for BMP code point c (ts_face_covers).
    uint8_t coverage[0x10000 / 8];
    // Bit c set when BMP code point c maps to a glyph in spaceInteracting (ts_face_space_safe
    // answers the BMP from it, one load instead of a cmap lookup and a set lookup); notdefInteracting
    // says the same of glyph 0, which every code point the face lacks maps to.
    uint8_t spaceUnsafe[0x10000 / 8];
    int notdefInteracting;
    // How far a rule involving the space reaches (TSSpaceAnalysis.reach; 0: no zones), the
    // glyphs that do not count towards it, and bit c set when BMP code point c counts
    // (ts_face_zone_class).
    int32_t zoneReach;
    hb_set_t *uncounted;
    uint8_t zoneCounts[0x10000 / 8];
    // ts_face_zone_class's reach bits of each BMP code point, and of each glyph (both NULL
    // when zoneReach is 0).
    uint8_t *zoneReaches, *glyphReaches;
    uint32_t glyphReachCount;
    TSFaceInfo info;
    // FreeType's glyph slot and size belong to the face: loading an outline or a bitmap
    // changes them, so those calls take this lock (shaping goes through HarfBuzz alone).
    pthread_mutex_t ftLock;
    int hasLock;
};

// A new serial number for a face (the first is 1).
uint64_t ts_next_face_serial(void);

// The calling thread's HarfBuzz buffer, emptied; NULL when it cannot be made.
hb_buffer_t *ts_thread_buffer(void);

// The calling thread's own HarfBuzz font for `face` (made from the face's blob, with its
// scale and design coordinates), so that threads shaping the same face write to no shared
// object: HarfBuzz's font keeps a cmap cache it writes on lookups, and its face a list of
// shape plans whose reference count every hb_shape takes and drops. Falls back to the face's
// own font when the thread's cannot be made.
hb_font_t *ts_thread_font(const TSFace *face);

// Drops the calling thread's objects for `face` (called as the face closes; other threads
// drop theirs when their table evicts them or they end).
void ts_thread_forget(const TSFace *face);

// Copies `length` bytes of `text` into `buffer` (NUL-terminated, cut to `capacity`) and
// returns `length`.
int32_t ts_copy_out(const char *text, size_t length, char *buffer, int32_t capacity);

#endif
