// Private to the space analysis (space.c, space_zones.c): one layout table as the reader walks
// it, and what it learns of each lookup.
#ifndef CTEXTSHIM_SPACE_INTERNAL_H
#define CTEXTSHIM_SPACE_INTERNAL_H

#include "simple_plan.h"
#include "space.h"

#include <hb.h>
#include <stdint.h>

// Lookup flags besides those simple_plan.h names (OpenType LookupFlag).
enum { IGNORE_MARKS = 0x8, MARK_TYPE = 0xFF00 };

// What one lookup (with the lookups its rules call) can do.
typedef struct LookupFacts {
    int32_t window;              // widest rule window in unskipped glyphs, nested lookups included
    uint32_t flag;               // the lookup's own LookupFlag
    uint8_t skipsBases;          // IgnoreBaseGlyphs or IgnoreLigatures, here or nested
    uint8_t skipsMarks;          // a flag that skips marks, here or nested
    uint8_t reverse;             // a reverse chaining lookup, here or nested
    uint8_t classZero;           // a class-based rule matches class 0 ("any other glyph")
    uint8_t spaceClassZero;      // ... in a class definition where the space glyph is in class 0
    uint8_t spaceInputClassZero; // ... at an input position after the first
    uint8_t inputClassZero;      // class 0 at an input position after the first, any class definition
    int64_t calls;               // nested lookups one application may call (nested calls included)
    int64_t added;               // glyphs one application may add (multiple substitutions)
} LookupFacts;

// One layout table, read with bounds through `r` (whose budget is the face's, handed from
// table to table); `r.failed` is set by any read outside it or past the budget.
typedef struct {
    Reader r;
    int isGSUB;
    int skipsMarks; // a ligature lookup skips marks (map_subtable)
    // Per glyph below glyphCount: how many unskippable glyphs a rule involving the space may
    // hold left and right of it as an input glyph (seed_subtable). map_subtable in reach
    // mode carries them back from substitutes to what they substitute; `changed` says it did.
    uint8_t *left, *right;
    uint32_t glyphCount;
    int reachMode, changed;
    int joins; // map_subtable: the lookup runs, so its ligatures join glyphs
    uint32_t lookupList, lookupCount;
    hb_codepoint_t space;
    // Per lookup: 0 not visited, 1 being visited (a cycle fails), 2 done (it can run); and
    // whether a default feature lists it (1) or only rules call it (0).
    uint8_t *state, *direct;
    LookupFacts *facts;
    // Glyphs that may stand for a character that counts (ts_may_count), the components
    // that do not count, and glyphs a substitution deletes.
    hb_set_t *ligatureSeeds, *deletionSeeds, *counting;
    // GPOS: first glyphs of pairs whose class-0 rows move them next to the space (pair_subtable),
    // and whether such a row moves the space itself.
    hb_set_t *pairGlyphs;
    int spaceMoved;
    // Per lookup: its output once space_collect.c has worked it out (for the rules calling it).
    hb_set_t **outputs;
} Table;

// The glyphs a lookup names (space_collect.c), as HarfBuzz's collection sorts them.
typedef struct {
    hb_set_t *before, *input, *after, *output;
} LookupGlyphs;

// Fills `out` (its sets made by the caller) with what lookup `index` names, class 0 left out;
// `t->r.failed` on a read outside the table or past the budget.
void collect_glyphs(Table *t, uint32_t index, LookupGlyphs *out);
// Frees the outputs collect_glyphs kept.
void collect_free(Table *t);

// Charges `amount` elements to the face's budget; 0 (and `failed`) once it is spent.
int spend_table(Table *t, long amount);
// The facts of lookup `index`, visited once with what it calls; NULL (and `failed`) past
// eight nested levels, on a cycle, or for an index outside the lookup list.
const LookupFacts *lookup_facts(Table *t, uint32_t index);
// A (chained) context subtable's facts (space.c).
void context_subtable(Table *t, uint64_t offset, int chained, int depth, LookupFacts *facts);

// space_zones.c: the reach of glyphs next to the space.
// A multiple substitution subtable: notes the glyphs it deletes; returns its longest sequence.
uint32_t multiple_subtable(Table *t, uint64_t offset);
// Raises the reach of the input glyphs of a subtable of a lookup involving the space, and
// `*reach` to its widest window; fails for anything but a (chained) context subtable.
void seed_subtable(Table *t, uint32_t type, uint64_t offset, int extension, int32_t *reach);
// Grows `counting` through every substitution until it settles (0 when it does not).
int map_counting(Table *t);
// Carries reaches back through every substitution until they settle (0 when they do not).
int map_reach(Table *t);

// The lookups of `table` that `features` (HB_TAG_NONE-ended) list for some script and
// language, and those of every required feature, into `lookups` (space.c).
void collect_running_lookups(hb_face_t *face, hb_tag_t table, const hb_tag_t *features, hb_set_t *lookups);

// space_closure.c: for each glyph, the lookups whose set (of `sets`, by lookup index) holds it.
typedef struct {
    uint32_t *start; // 65,537 entries: glyph g's lookups are items[start[g] ..< start[g + 1]]
    uint32_t *items;
} GlyphLookups;
// Builds `index` over `sets` (NULL entries skipped); 0 when memory or the budget runs out.
int glyph_lookups_build(GlyphLookups *index, hb_set_t **sets, unsigned int count, long *budget);
void glyph_lookups_free(GlyphLookups *index);
// Adds to `set`, until nothing changes, `adds[i]` of every lookup i whose indexed set meets it,
// and marks those lookups in `met` (may be NULL; `count` entries). 0 when memory or the
// budget runs out.
int close_through(hb_set_t *set, const GlyphLookups *index, hb_set_t **adds, unsigned int count, uint8_t *met,
                  long *budget);

// space_limits.c: 0 when no text can bring HarfBuzz to its limits on a buffer's glyphs and
// nested lookup calls, else TS_REFUSED_LIMITS (or TS_REFUSED_BUDGET). `tables` are the face's
// GSUB and GPOS with every lookup of the default features visited; `inputs` and `outputs`
// what HarfBuzz collects of each GSUB lookup, by index.
int buffer_limits(hb_face_t *face, Table tables[2], const hb_tag_t *features, hb_set_t **inputs,
                  hb_set_t **outputs, unsigned int gsubCount, long *budget);

#endif
