// Private to CTextShim: the tables simple.c reads, the plan it works out per font and shaping
// plan (simple_plan.c) and the bounds-checked reads both use.
#ifndef CTEXTSHIM_SIMPLE_PLAN_H
#define CTEXTSHIM_SIMPLE_PLAN_H

#include "simple.h"

#include <hb.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

enum { IGNORE_BASE = 0x2, IGNORE_LIGATURES = 0x4, USE_MARK_FILTERING = 0x10, NOT_COVERED = 0xFFFFFFFFu };

// A table read with bounds: `failed` is set by any read outside it; `budget` bounds the work
// a hostile table can ask for.
typedef struct {
    const uint8_t *bytes;
    uint64_t length;
    int failed;
    long budget;
} Reader;

static inline uint32_t rd16(Reader *r, uint64_t offset) {
    if (offset + 2 > r->length) {
        r->failed = 1;
        return 0;
    }
    return ((uint32_t)r->bytes[offset] << 8) | r->bytes[offset + 1];
}

static inline uint32_t rd32(Reader *r, uint64_t offset) { return (rd16(r, offset) << 16) | rd16(r, offset + 2); }

static inline int spend(Reader *r, long amount) {
    r->budget -= amount;
    if (r->budget < 0) r->failed = 1;
    return !r->failed;
}

// HarfBuzz's one binary search (hb_bsearch_impl) over `count` records of `stride` bytes at
// `at` whose first uint16 is compared with `key` (or, with `ranges`, whose first two uint16
// are a first..last range). Returns the record's offset, or 0 when none matches.
static inline uint64_t bsearch16(Reader *r, uint64_t at, uint32_t count, uint32_t stride, uint32_t key, int ranges) {
    int min = 0, max = (int)count - 1;
    while (min <= max) {
        int mid = (int)(((unsigned)min + (unsigned)max) / 2);
        uint64_t p = at + (uint64_t)mid * stride;
        uint32_t first = rd16(r, p), last = ranges ? rd16(r, p + 2) : first;
        if (r->failed) return 0;
        if (key < first) max = mid - 1;
        else if (key > last) min = mid + 1;
        else return p;
    }
    return 0;
}

// Coverage::get_coverage of the Coverage at `base + offset` (offset 0: the empty Null one).
static inline uint32_t coverage_index(Reader *r, uint64_t base, uint32_t offset, uint32_t glyph) {
    if (offset == 0) return NOT_COVERED;
    uint64_t at = base + offset;
    uint32_t format = rd16(r, at), count = rd16(r, at + 2);
    if (format == 1) {
        uint64_t p = bsearch16(r, at + 4, count, 2, glyph, 0);
        return p ? (uint32_t)((p - (at + 4)) / 2) : NOT_COVERED;
    }
    if (format == 2) {
        uint64_t p = bsearch16(r, at + 4, count, 6, glyph, 1);
        if (!p) return NOT_COVERED;
        uint32_t first = rd16(r, p), last = rd16(r, p + 2);
        return first <= last ? rd16(r, p + 4) + (glyph - first) : NOT_COVERED;
    }
    return NOT_COVERED;
}

// Entry `e` of the Coverage at `at`, whose format is `format`: its glyphs `first` to `last`
// and the coverage index of `first` (format 1: one glyph, index `e`; format 2: a range
// record). Returns 0, failing the reader, on a format HarfBuzz does not read. Every walk over
// a coverage's entries reads them here; each charges its own budget for the glyphs.
static inline int coverage_entry(Reader *r, uint64_t at, uint32_t format, uint32_t e, uint32_t *first,
                                 uint32_t *last, uint32_t *index) {
    if (format == 1) {
        *first = *last = rd16(r, at + 4 + 2 * (uint64_t)e);
        *index = e;
        return 1;
    }
    if (format == 2) {
        uint64_t range = at + 4 + 6 * (uint64_t)e;
        *first = rd16(r, range);
        *last = rd16(r, range + 2);
        *index = rd16(r, range + 4);
        return 1;
    }
    r->failed = 1;
    return 0;
}

// ClassDef::get_class of the ClassDef at `base + offset` (offset 0: every glyph in class 0).
static inline uint32_t class_of(Reader *r, uint64_t base, uint32_t offset, uint32_t glyph) {
    if (offset == 0) return 0;
    uint64_t at = base + offset;
    uint32_t format = rd16(r, at);
    if (format == 1) {
        uint32_t start = rd16(r, at + 2), count = rd16(r, at + 4);
        return glyph >= start && glyph - start < count ? rd16(r, at + 6 + 2 * (uint64_t)(glyph - start)) : 0;
    }
    if (format == 2) {
        uint64_t p = bsearch16(r, at + 4, rd16(r, at + 2), 6, glyph, 1);
        return p ? rd16(r, p + 4) : 0;
    }
    return 0;
}

// One pair positioning subtable as the fast path reads it.
typedef struct {
    uint64_t at;              // the subtable in GPOS
    uint32_t format;          // 1 or 2
    uint32_t coverage;        // offset from `at`
    uint32_t valueFormat1, valueFormat2, len1, len2;
    uint32_t classDef1, classDef2, class1Count, class2Count; // format 2
    uint16_t *classes1, *classes2; // format 2: class_of of every glyph, or NULL (read each time)
    uint32_t pairSetCount;    // format 1
} PairSubtable;

typedef struct {
    uint32_t first, count; // subtables[first ..< first + count]
    uint16_t *firstCovering; // per glyph: the first of them whose coverage lists it (0xFFFF: none)
} PairLookup;

typedef struct Plan {
    struct Plan *next;
    hb_segment_properties_t props;
    unsigned int featureCount;
    hb_feature_t features[4];
    int usable;
    uint32_t glyphCount;
    int64_t xMult, yMult;
    PairLookup *lookups;
    uint32_t lookupCount;
    PairSubtable *subtables;
    uint32_t subtableCount;
    uint8_t simple[0x10000 / 8]; // BMP code points whose glyph is in s
} Plan;

typedef struct {
    pthread_mutex_t lock;
    _Atomic(Plan *) plans;
    hb_blob_t *gpos;
    Reader gposReader;
} FontCache;

// Works out `plan` (its props and features set) for `font`: which BMP code points are simple,
// and the pair lookups to apply; `plan->usable` 0 sends every run of the plan to hb_shape.
// Every element of the tables visited is charged to `*budget` (below 0: the plan is unusable).
void ts_simple_analyse(hb_font_t *font, FontCache *cache, Plan *plan, long *budget);

#endif
