// Private to CTextShim: what the lookups of a face's default features do around the space
// glyph (space.c), worked out once when the face opens.
#ifndef CTEXTSHIM_SPACE_H
#define CTEXTSHIM_SPACE_H

#include <hb.h>
#include <stdint.h>

typedef struct {
    // Glyphs that a default-feature lookup involving the space glyph can touch, closed under
    // "a substitution whose output is in the set has its input in it too".
    hb_set_t *interacting;
    // The widest window, in glyphs that the space-involving lookups cannot skip, of any rule
    // that can match the space (nested lookups included), at most 15; 0 when a split next to
    // a space cannot be bounded this way (ts_face_zone_class, docs/typesetting.md).
    int32_t reach;
    // Glyphs that may not stand for exactly one unskippable glyph of their own while those
    // lookups run: marks (when the lookups skip marks), glyphs a substitution can turn into a
    // mark or delete, and components of ligatures joining two or more unskippable glyphs.
    hb_set_t *uncounted;
    // Per glyph (below glyphCount; NULL when reach is 0): how many unskippable glyphs a rule
    // that can match the space may hold left (high four bits) and right (low four bits) of
    // the glyph when it is an input glyph, carried back to what substitutions make it from.
    // Zero for a glyph no such rule can take as input. The caller frees it.
    uint8_t *reaches;
    uint32_t glyphCount;
} TSSpaceAnalysis;

// Whether a code point is a combining mark (general category Mn, Mc or Me).
int ts_is_mark(uint32_t codepoint);
// Whether a code point may count towards the reach: not a mark, not a default ignorable.
int ts_may_count(uint32_t codepoint);

// Fills `out` for a face; the sets are new references the caller destroys.
void ts_space_analysis(hb_face_t *face, hb_font_t *font, TSSpaceAnalysis *out);

#endif
