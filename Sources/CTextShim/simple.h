// Private to CTextShim: shaping words that HarfBuzz would only map through the cmap, measure
// with hmtx/HVAR and pair-kern, without running its shaper (simple.c).
#ifndef CTEXTSHIM_SIMPLE_H
#define CTEXTSHIM_SIMPLE_H

#include "CTextShim.h"

#include <hb.h>
#include <stdatomic.h>
#include <stdint.h>

// Shapes `buffer` (its text added and its segment properties set, as hb_shape would get it)
// exactly as hb_shape(font, buffer, features, featureCount) would, when the run is simple:
// left to right, of a script HarfBuzz shapes with its default shaper, and every character one
// that no substitution and no positioning but pair kerning of the plan can touch. Writes up to
// `capacity` glyphs and returns how many there are; -1 when the run is not simple (the caller
// shapes it with hb_shape). Thread-safe; the analysis of a font and plan is made on first use
// and kept with `planFont`, the face's own font shared by every thread, while glyphs and
// advances are read from `font`, the calling thread's font for the same face (thread.c), so
// a thread writes to nothing another reads. A plan's analysis is charged to `budget`, the
// face's (TS_FACE_BUDGET, shared with the space analysis): a plan that spends it is not used.
int32_t ts_simple_shape(hb_font_t *planFont, hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features,
                        unsigned int featureCount, TSGlyph *glyphs, int32_t capacity, _Atomic long *budget);

#endif
