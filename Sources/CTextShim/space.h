// Private to CTextShim: what the lookups of a face's default features do around the space
// glyph (space.c, space_zones.c), worked out once when the face opens.
#ifndef CTEXTSHIM_SPACE_H
#define CTEXTSHIM_SPACE_H

#include <hb.h>
#include <stdint.h>

// Why a face's runs stay whole (TSSpaceAnalysis.refused, ts_face_cut_state).
enum {
    TS_REFUSED_TABLES = 1,       // graphite or AAT tables, a 'kern' table involving the space, 'rand' or 'stch'
    TS_REFUSED_SPACE_MARK = 2,   // GDEF classes the space as a mark
    TS_REFUSED_SKIPS_SPACE = 4,  // a lookup that runs may skip the space (IgnoreBaseGlyphs, IgnoreLigatures)
    TS_REFUSED_LIMITS = 8,       // substitutions or nested calls could reach HarfBuzz's buffer limits
    TS_REFUSED_UNREADABLE = 16,  // a table read outside its bounds or in a way the reader does not know
    TS_REFUSED_BUDGET = 32,      // the face's budget (TS_FACE_BUDGET) ran out
    TS_REFUSED_MEMORY = 64,      // an allocation failed
    TS_REFUSED_SHORTCUTS_OFF = 128 // ts_shaping_shortcuts() is not TS_SHORTCUTS_ON
};

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
    // Nonzero when nothing next to a space may be cut in this face: why (TS_REFUSED_*).
    int refused;
} TSSpaceAnalysis;

// Whether a code point is a combining mark (general category Mn, Mc or Me).
int ts_is_mark(uint32_t codepoint);
// Whether a code point may count towards the reach: not a mark, not a default ignorable.
int ts_may_count(uint32_t codepoint);

// Fills `out` for a face; the sets are new references the caller destroys. Every element of
// the face's tables visited is charged to `*budget` (the face's, TS_FACE_BUDGET at open),
// which is left with what remains (below 0 when spent, and `out->refused` set).
void ts_space_analysis(hb_face_t *face, hb_font_t *font, long *budget, TSSpaceAnalysis *out);

#endif
