// What the lookups of a face's default features can do across a space: the glyphs they can
// touch (for cutting runs into words, PreparedText.shapeRun) and how far a rule involving the
// space reaches (for cutting runs with such glyphs far enough from them). GSUB and GPOS are
// read here with a bound check on every read: fonts are untrusted. Anything this reader
// cannot bound turns the reach off (0), which keeps the run whole. docs/typesetting.md
// ("Shaping and the cache") gives the rule and why it is exact; SpaceZoneTests pins it.
#include "space.h"

#include <hb-ot.h>
#include <unicode/uchar.h>
#include <stdlib.h>
#include <string.h>

// The features HarfBuzz's shapers may turn on by default, for every script; a lookup outside
// them never runs, so it cannot join two words. Text is shaped horizontally (no vert, vrt2);
// frac, numr and dnom only run around U+2044 FRACTION SLASH, which ts_face_space_safe refuses.
static const char *const defaultFeatures[] = {
    "abvf", "abvm", "abvs", "akhn", "blwf", "blwm", "blws", "calt", "ccmp", "cfar", "cjct", "clig", "cswh",
    "curs", "dist", "fin2", "fin3", "fina", "half", "haln", "init", "isol", "kern", "liga", "ljmo",
    "locl", "ltra", "ltrm", "mark", "med2", "medi", "mkmk", "mset", "nukt", "pref", "pres", "pstf", "psts",
    "rand", "rclt", "rkrf", "rlig", "rphf", "rtla", "rtlm", "rvrn", "stch", "tjmo", "trak", "vatu",
    "vjmo", NULL};

// Lookup flags (OpenType LookupFlag).
enum { IGNORE_BASE = 0x2, IGNORE_LIGATURES = 0x4, IGNORE_MARKS = 0x8, MARK_FILTERING = 0x10, MARK_TYPE = 0xFF00 };

// One layout table, read with bounds; `failed` is set by any read outside it, `budget` counts
// down the rules and ligatures visited (a hostile table can share one long rule set among
// many entries).
typedef struct {
    const uint8_t *bytes;
    uint64_t length;
    int isGSUB;
    int failed;
    int skipsMarks; // a ligature lookup skips marks (map_subtable)
    // Per glyph below glyphCount: how many unskippable glyphs a rule involving the space may
    // hold left and right of it as an input glyph (space_rule_reach). map_subtable in reach
    // mode carries them back from substitutes to what they substitute; `changed` says it did.
    uint8_t *left, *right;
    uint32_t glyphCount;
    int reachMode, changed;
    int joins; // map_subtable: the lookup runs, so its ligatures join glyphs
    long budget;
    uint32_t lookupList, lookupCount;
    hb_codepoint_t space;
    // Per lookup: 0 not visited, 1 being visited (a cycle fails), 2 done.
    uint8_t *state;
    struct LookupFacts *facts;
    // Glyphs that may stand for a character that counts (ts_may_count).
    hb_set_t *ligatureSeeds, *deletionSeeds, *counting;
} Table;

// What one lookup (with the lookups its rules call) can do.
typedef struct LookupFacts {
    int32_t window;         // widest rule window in unskipped glyphs, nested lookups included
    uint8_t skipsBases;     // IgnoreBaseGlyphs or IgnoreLigatures, here or nested
    uint8_t skipsMarks;     // a flag that skips marks, here or nested
    uint8_t reverse;        // a reverse chaining lookup, here or nested
    uint8_t classZero;      // a class-based rule matches class 0 ("any other glyph")
    uint8_t spaceClassZero; // ... in a class definition where the space glyph is in class 0
} LookupFacts;

static uint32_t rd16(Table *t, uint64_t offset) {
    if (offset + 2 > t->length) {
        t->failed = 1;
        return 0;
    }
    return ((uint32_t)t->bytes[offset] << 8) | t->bytes[offset + 1];
}

static uint32_t rd32(Table *t, uint64_t offset) {
    return (rd16(t, offset) << 16) | rd16(t, offset + 2);
}

static int spend(Table *t) {
    if (--t->budget < 0) t->failed = 1;
    return !t->failed;
}

// The class of `glyph` in the ClassDef at `offset` (0 when unlisted).
static uint32_t class_of(Table *t, uint64_t offset, hb_codepoint_t glyph) {
    uint32_t format = rd16(t, offset);
    if (format == 1) {
        uint32_t start = rd16(t, offset + 2), count = rd16(t, offset + 4);
        if (glyph >= start && glyph - start < count) return rd16(t, offset + 6 + 2 * (uint64_t)(glyph - start));
        return 0;
    }
    if (format == 2) {
        uint32_t ranges = rd16(t, offset + 2);
        for (uint32_t i = 0; i < ranges && !t->failed; i++) {
            uint64_t range = offset + 4 + 6 * (uint64_t)i;
            if (glyph >= rd16(t, range) && glyph <= rd16(t, range + 2)) return rd16(t, range + 4);
        }
        return 0;
    }
    t->failed = 1;
    return 0;
}

// The glyph at coverage index `index` of the Coverage at `offset`.
static hb_codepoint_t coverage_glyph(Table *t, uint64_t offset, uint32_t index) {
    uint32_t format = rd16(t, offset);
    if (format == 1) {
        if (index >= rd16(t, offset + 2)) t->failed = 1;
        return rd16(t, offset + 4 + 2 * (uint64_t)index);
    }
    if (format == 2) {
        uint32_t ranges = rd16(t, offset + 2);
        for (uint32_t i = 0; i < ranges && !t->failed; i++) {
            uint64_t range = offset + 4 + 6 * (uint64_t)i;
            uint32_t start = rd16(t, range), end = rd16(t, range + 2), first = rd16(t, range + 4);
            if (end >= start && index >= first && index - first <= end - start) return start + (index - first);
        }
    }
    t->failed = 1;
    return 0;
}

static const LookupFacts *lookup_facts(Table *t, uint32_t index, int depth);

// Adds what the lookups a rule calls can do: each may reach beyond the rule's own window by
// its own window less the one glyph it starts on.
static int32_t nested_records(Table *t, uint64_t records, uint32_t count, int depth, LookupFacts *facts) {
    int32_t extra = 0;
    for (uint32_t i = 0; i < count && !t->failed; i++) {
        const LookupFacts *nested = lookup_facts(t, rd16(t, records + 4 * (uint64_t)i + 2), depth + 1);
        if (t->failed || !nested) return 0;
        if (nested->window > 1) extra += nested->window - 1;
        facts->skipsBases |= nested->skipsBases;
        facts->skipsMarks |= nested->skipsMarks;
        facts->reverse |= nested->reverse;
        facts->classZero |= nested->classZero;
        facts->spaceClassZero |= nested->spaceClassZero;
    }
    return extra;
}

// Notes a class value that a class-based rule matches; class 0 matches every glyph the class
// definition at `classDef` does not list.
static void note_class(Table *t, uint32_t value, uint64_t classDef, LookupFacts *facts) {
    if (value != 0) return;
    facts->classZero = 1;
    if (class_of(t, classDef, t->space) == 0) facts->spaceClassZero = 1;
}

// A context (GSUB 5, GPOS 7) or chained context (GSUB 6, GPOS 8) subtable.
static void context_subtable(Table *t, uint64_t offset, int chained, int depth, LookupFacts *facts) {
    uint32_t format = rd16(t, offset);
    if (format == 3) {
        uint32_t backtrack = 0, input, lookahead = 0;
        uint64_t at = offset + 2;
        if (chained) {
            backtrack = rd16(t, at);
            at += 2 + 2 * (uint64_t)backtrack;
            input = rd16(t, at);
            at += 2 + 2 * (uint64_t)input;
            lookahead = rd16(t, at);
            at += 2 + 2 * (uint64_t)lookahead;
        } else {
            input = rd16(t, at);
            at += 4; // glyphCount, seqLookupCount
        }
        uint32_t records = chained ? rd16(t, at) : rd16(t, offset + 4);
        uint64_t recordsAt = chained ? at + 2 : offset + 6 + 2 * (uint64_t)input;
        if (input == 0) t->failed = 1;
        if (!spend(t)) return;
        int32_t window = (int32_t)(backtrack + input + lookahead) + nested_records(t, recordsAt, records, depth, facts);
        if (window > facts->window) facts->window = window;
        return;
    }
    if (format != 1 && format != 2) {
        t->failed = 1;
        return;
    }
    // Formats 1 and 2 share their layout: rule sets of rules; format 2 counts classes.
    uint64_t backtrackClasses = 0, inputClasses = 0, lookaheadClasses = 0;
    uint64_t setsAt = offset + 4;
    if (format == 2) {
        if (chained) {
            backtrackClasses = offset + rd16(t, offset + 4);
            inputClasses = offset + rd16(t, offset + 6);
            lookaheadClasses = offset + rd16(t, offset + 8);
            setsAt = offset + 10;
        } else {
            inputClasses = offset + rd16(t, offset + 4);
            setsAt = offset + 6;
        }
    }
    uint32_t sets = rd16(t, setsAt);
    for (uint32_t s = 0; s < sets && !t->failed; s++) {
        uint32_t setOffset = rd16(t, setsAt + 2 + 2 * (uint64_t)s);
        if (setOffset == 0) continue;
        uint64_t set = offset + setOffset;
        uint32_t rules = rd16(t, set);
        // The set's index is the class of the first input glyph of its rules.
        if (format == 2 && rules > 0) note_class(t, s, inputClasses, facts);
        for (uint32_t r = 0; r < rules && !t->failed; r++) {
            if (!spend(t)) return;
            uint64_t rule = set + rd16(t, set + 2 + 2 * (uint64_t)r);
            uint32_t backtrack = 0, input, lookahead = 0, records = 0;
            uint64_t at = rule;
            if (chained) {
                backtrack = rd16(t, at);
                for (uint32_t i = 0; format == 2 && i < backtrack && !t->failed; i++)
                    note_class(t, rd16(t, at + 2 + 2 * (uint64_t)i), backtrackClasses, facts);
                at += 2 + 2 * (uint64_t)backtrack;
            }
            input = rd16(t, at);
            if (input == 0) {
                t->failed = 1;
                return;
            }
            if (!chained) {
                records = rd16(t, at + 2);
                at += 4;
            } else {
                at += 2;
            }
            for (uint32_t i = 0; format == 2 && i + 1 < input && !t->failed; i++)
                note_class(t, rd16(t, at + 2 * (uint64_t)i), inputClasses, facts);
            at += 2 * (uint64_t)(input - 1);
            if (chained) {
                lookahead = rd16(t, at);
                for (uint32_t i = 0; format == 2 && i < lookahead && !t->failed; i++)
                    note_class(t, rd16(t, at + 2 + 2 * (uint64_t)i), lookaheadClasses, facts);
                at += 2 + 2 * (uint64_t)lookahead;
                records = rd16(t, at);
                at += 2;
            }
            int32_t window = (int32_t)(backtrack + input + lookahead) + nested_records(t, at, records, depth, facts);
            if (window > facts->window) facts->window = window;
        }
    }
}

// A ligature subtable (GSUB 4): its widest ligature.
static void ligature_subtable(Table *t, uint64_t offset, LookupFacts *facts) {
    if (rd16(t, offset) != 1) {
        t->failed = 1;
        return;
    }
    uint32_t sets = rd16(t, offset + 4);
    for (uint32_t s = 0; s < sets && !t->failed; s++) {
        uint64_t set = offset + rd16(t, offset + 6 + 2 * (uint64_t)s);
        uint32_t count = rd16(t, set);
        for (uint32_t l = 0; l < count && !t->failed; l++) {
            if (!spend(t)) return;
            uint32_t components = rd16(t, set + rd16(t, set + 2 + 2 * (uint64_t)l) + 2);
            if (components == 0) t->failed = 1;
            if ((int32_t)components > facts->window) facts->window = (int32_t)components;
        }
    }
}

// Reach mode: `from` becomes `to` (or a part of it); `from` reaches as far as `to` does.
static void carry_reach(Table *t, hb_codepoint_t from, hb_codepoint_t to) {
    if (from >= t->glyphCount || to >= t->glyphCount) return;
    if (t->left[to] > t->left[from]) t->left[from] = t->left[to], t->changed = 1;
    if (t->right[to] > t->right[from]) t->right[from] = t->right[to], t->changed = 1;
}

// What a substitution subtable makes of glyphs that may stand for a counting character:
// their substitutes, the first glyph of a multiple substitution (the rest follow it), every
// alternate, and a ligature with such a component join `next`. Every component after the
// first that may stand for a counting character joins the ligature seeds: such a character
// does not count, so that a ligature stands for one counting character at most (its first).
// A ligature lookup that skips bases or ligatures fails; one that skips marks makes every
// mark uncounted (`skipsMarks`), since the marks it steps over move behind the ligature.
static void map_subtable(Table *t, uint32_t type, uint64_t offset, uint32_t flag, int extension, hb_set_t *next) {
    if (type == 7) {
        uint32_t inner = rd16(t, offset + 2);
        if (extension || rd16(t, offset) != 1 || inner == 7) {
            t->failed = 1;
            return;
        }
        map_subtable(t, inner, offset + rd32(t, offset + 4), flag, 1, next);
        return;
    }
    if (type < 1 || type > 8 || type == 5 || type == 6) return;
    if (type == 4 && t->joins && (flag & (IGNORE_BASE | IGNORE_LIGATURES))) t->failed = 1;
    if (type == 4 && t->joins && (flag & (IGNORE_MARKS | MARK_FILTERING | MARK_TYPE))) t->skipsMarks = 1;
    uint32_t format = rd16(t, offset);
    uint64_t coverage = offset + rd16(t, offset + 2);
    uint64_t substitutes = offset + 6; // single format 2: glyphCount, then the glyphs
    if (type == 8) {
        uint32_t backtrack = rd16(t, offset + 4);
        uint64_t at = offset + 6 + 2 * (uint64_t)backtrack;
        at += 2 + 2 * (uint64_t)rd16(t, at);
        substitutes = at + 2; // glyphCount at `at`
    }
    if (format != 1 && !(type == 1 && format == 2)) {
        t->failed = 1;
        return;
    }
    // Every (coverage index, glyph) of the coverage.
    uint32_t coverageFormat = rd16(t, coverage), entries = rd16(t, coverage + 2);
    uint32_t index = 0;
    for (uint32_t e = 0; e < entries && !t->failed; e++) {
        hb_codepoint_t first = 0, last = 0;
        if (coverageFormat == 1) {
            first = last = rd16(t, coverage + 4 + 2 * (uint64_t)e);
            index = e;
        } else if (coverageFormat == 2) {
            uint64_t range = coverage + 4 + 6 * (uint64_t)e;
            first = rd16(t, range);
            last = rd16(t, range + 2);
            index = rd16(t, range + 4);
            if (last < first) t->failed = 1;
        } else {
            t->failed = 1;
        }
        for (hb_codepoint_t glyph = first; glyph <= last && !t->failed; glyph++, index++) {
            if (!spend(t)) return;
            if (type == 4) {
                uint64_t set = offset + rd16(t, offset + 6 + 2 * (uint64_t)index);
                if (index >= rd16(t, offset + 4)) t->failed = 1;
                uint32_t count = rd16(t, set);
                for (uint32_t l = 0; l < count && !t->failed; l++) {
                    if (!spend(t)) return;
                    uint64_t ligature = set + rd16(t, set + 2 + 2 * (uint64_t)l);
                    uint32_t components = rd16(t, ligature + 2);
                    if (t->reachMode) {
                        carry_reach(t, glyph, rd16(t, ligature));
                        for (uint32_t c = 1; c < components && !t->failed; c++)
                            carry_reach(t, rd16(t, ligature + 4 + 2 * (uint64_t)(c - 1)), rd16(t, ligature));
                        continue;
                    }
                    int any = hb_set_has(t->counting, glyph);
                    for (uint32_t c = 1; c < components && !t->failed; c++) {
                        hb_codepoint_t component = rd16(t, ligature + 4 + 2 * (uint64_t)(c - 1));
                        if (!hb_set_has(t->counting, component)) continue;
                        any = 1;
                        if (t->joins) hb_set_add(t->ligatureSeeds, component);
                    }
                    if (any) hb_set_add(next, rd16(t, ligature));
                }
                continue;
            }
            if (!t->reachMode && !hb_set_has(t->counting, glyph)) continue;
            if (type == 1 && format == 1) {
                hb_codepoint_t to = (glyph + rd16(t, offset + 4)) & 0xFFFF;
                if (t->reachMode) carry_reach(t, glyph, to); else hb_set_add(next, to);
            } else if ((type == 1 && format == 2) || type == 8) {
                if (index >= rd16(t, substitutes - 2)) t->failed = 1;
                hb_codepoint_t to = rd16(t, substitutes + 2 * (uint64_t)index);
                if (t->reachMode) carry_reach(t, glyph, to); else hb_set_add(next, to);
            } else {
                // Multiple (2): a sequence; alternate (3): an alternate set.
                if (index >= rd16(t, offset + 4)) t->failed = 1;
                uint64_t list = offset + rd16(t, offset + 6 + 2 * (uint64_t)index);
                uint32_t count = rd16(t, list);
                for (uint32_t g = 0; g < count && (type == 3 || g == 0 || t->reachMode) && !t->failed; g++) {
                    hb_codepoint_t to = rd16(t, list + 2 + 2 * (uint64_t)g);
                    if (t->reachMode) carry_reach(t, glyph, to); else hb_set_add(next, to);
                }
            }
        }
    }
}

// Grows `t->counting` through every substitution of the table (enabled or not: more is
// safe) until it settles, collecting the ligature seeds. Returns 0 when it does not settle.
static int map_counting(Table *t) {
    for (int pass = 0; pass < 64 && !t->failed; pass++) {
        hb_set_t *next = hb_set_copy(t->counting);
        for (uint32_t index = 0; index < t->lookupCount && !t->failed; index++) {
            uint64_t lookup = (uint64_t)t->lookupList + rd16(t, (uint64_t)t->lookupList + 2 + 2 * (uint64_t)index);
            uint32_t type = rd16(t, lookup), flag = rd16(t, lookup + 2), count = rd16(t, lookup + 4);
            // Only lookups that run (the default features' and those they call) join glyphs.
            t->joins = t->state[index] == 2;
            for (uint32_t s = 0; s < count && !t->failed; s++)
                map_subtable(t, type, lookup + rd16(t, lookup + 6 + 2 * (uint64_t)s), flag, 0, next);
        }
        int settled = hb_set_get_population(next) == hb_set_get_population(t->counting);
        hb_set_set(t->counting, next);
        hb_set_destroy(next);
        if (settled) return !t->failed;
    }
    return 0;
}

// A multiple substitution subtable (GSUB 2): HarfBuzz deletes a glyph whose sequence is empty.
static void multiple_subtable(Table *t, uint64_t offset) {
    if (rd16(t, offset) != 1) {
        t->failed = 1;
        return;
    }
    uint64_t coverage = offset + rd16(t, offset + 2);
    uint32_t sequences = rd16(t, offset + 4);
    for (uint32_t s = 0; s < sequences && !t->failed; s++) {
        if (!spend(t)) return;
        uint64_t sequence = offset + rd16(t, offset + 6 + 2 * (uint64_t)s);
        if (rd16(t, sequence) == 0) hb_set_add(t->deletionSeeds, coverage_glyph(t, coverage, s));
    }
}

// Carries the reach of glyphs back through every substitution of the table until it settles.
// Returns 0 when it does not settle.
static int map_reach(Table *t) {
    t->reachMode = 1;
    for (int pass = 0; pass < 64 && !t->failed; pass++) {
        t->changed = 0;
        for (uint32_t index = 0; index < t->lookupCount && !t->failed; index++) {
            uint64_t lookup = (uint64_t)t->lookupList + rd16(t, (uint64_t)t->lookupList + 2 + 2 * (uint64_t)index);
            uint32_t type = rd16(t, lookup), flag = rd16(t, lookup + 2), count = rd16(t, lookup + 4);
            for (uint32_t s = 0; s < count && !t->failed; s++)
                map_subtable(t, type, lookup + rd16(t, lookup + 6 + 2 * (uint64_t)s), flag, 0, NULL);
        }
        if (!t->changed) {
            t->reachMode = 0;
            return !t->failed;
        }
    }
    t->reachMode = 0;
    return 0;
}

static void subtable(Table *t, uint32_t type, uint64_t offset, int depth, int extension, LookupFacts *facts) {
    int contextType = t->isGSUB ? 5 : 7, chainType = t->isGSUB ? 6 : 8, extensionType = t->isGSUB ? 7 : 9;
    if (type == extensionType) {
        uint32_t inner = rd16(t, offset + 2);
        if (extension || rd16(t, offset) != 1 || inner == extensionType) {
            t->failed = 1;
            return;
        }
        subtable(t, inner, offset + rd32(t, offset + 4), depth, 1, facts);
    } else if (type == contextType || type == chainType) {
        context_subtable(t, offset, type == chainType, depth, facts);
    } else if (t->isGSUB && type == 4) {
        ligature_subtable(t, offset, facts);
    } else if (t->isGSUB && type == 8) {
        facts->reverse = 1;
        if (facts->window < 1) facts->window = 1;
    } else if (t->isGSUB ? (type >= 1 && type <= 3) : type == 1) {
        if (t->isGSUB && type == 2) multiple_subtable(t, offset);
        if (facts->window < 1) facts->window = 1;
    } else if (!t->isGSUB && type >= 2 && type <= 6) {
        // Pairs, cursive attachment, marks to bases, ligatures or marks: two unskipped glyphs
        // (mark attachment skips the marks between a mark and its base whatever the flags).
        if (facts->window < 2) facts->window = 2;
    } else {
        t->failed = 1;
    }
}

// The facts of lookup `index`, visited once; NULL (and `failed`) past eight nested levels, on
// a cycle, or for an index outside the lookup list.
// Whether the Coverage at `offset` lists `glyph`; with `left`/`right` at or above 0, raises
// the reach of every glyph it lists to them instead.
static int coverage_scan(Table *t, uint64_t offset, hb_codepoint_t glyph, int left, int right) {
    uint32_t format = rd16(t, offset), entries = rd16(t, offset + 2);
    for (uint32_t e = 0; e < entries && !t->failed; e++) {
        hb_codepoint_t first, last;
        if (format == 1) {
            first = last = rd16(t, offset + 4 + 2 * (uint64_t)e);
        } else if (format == 2) {
            first = rd16(t, offset + 4 + 6 * (uint64_t)e);
            last = rd16(t, offset + 6 + 6 * (uint64_t)e);
        } else {
            t->failed = 1;
            return 0;
        }
        if (!spend(t)) return 0;
        if (left < 0) {
            if (glyph >= first && glyph <= last) return 1;
            continue;
        }
        if (left > 15 || right > 15) t->failed = 1;
        for (hb_codepoint_t g = first; g <= last && g < t->glyphCount; g++) {
            if (t->left[g] < left) t->left[g] = (uint8_t)left;
            if (t->right[g] < right) t->right[g] = (uint8_t)right;
        }
    }
    return 0;
}

// Whether lookup `index` is a (chained) context lookup (directly or through extensions): one
// that a rule calls may itself match the space around the glyph it is called on.
static int is_context_lookup(Table *t, uint32_t index) {
    if (index >= t->lookupCount) return 1;
    uint64_t lookup = (uint64_t)t->lookupList + rd16(t, (uint64_t)t->lookupList + 2 + 2 * (uint64_t)index);
    uint32_t type = rd16(t, lookup), count = rd16(t, lookup + 4);
    uint32_t context = t->isGSUB ? 5 : 7, chain = t->isGSUB ? 6 : 8, extension = t->isGSUB ? 7 : 9;
    if (type == context || type == chain) return 1;
    for (uint32_t s = 0; type == extension && s < count && !t->failed; s++) {
        uint32_t inner = rd16(t, lookup + rd16(t, lookup + 6 + 2 * (uint64_t)s) + 2);
        if (inner == context || inner == chain) return 1;
    }
    return t->failed;
}

static void raise_reach(Table *t, hb_codepoint_t glyph, int left, int right) {
    if (left > 15 || right > 15) t->failed = 1;
    if (glyph >= t->glyphCount || t->failed) return;
    if (t->left[glyph] < left) t->left[glyph] = (uint8_t)left;
    if (t->right[glyph] < right) t->right[glyph] = (uint8_t)right;
}

// A subtable of a lookup involving the space. When it can match the space (or calls a context
// lookup, which may), each glyph it can match as input gets the reach of its rules: how many unskippable glyphs a rule window holds
// left and right of that input position (a called lookup may reach its own window further
// either way). Raises `*reach` to its widest window. Anything but a (chained) context
// subtable fails: the space would be an input glyph, which keeps every run whole anyway.
static void seed_subtable(Table *t, uint32_t type, uint64_t offset, int extension, int32_t *reach) {
    int contextType = t->isGSUB ? 5 : 7, chainType = t->isGSUB ? 6 : 8, extensionType = t->isGSUB ? 7 : 9;
    if (type == extensionType) {
        uint32_t inner = rd16(t, offset + 2);
        if (extension || rd16(t, offset) != 1 || inner == extensionType) {
            t->failed = 1;
            return;
        }
        seed_subtable(t, inner, offset + rd32(t, offset + 4), 1, reach);
        return;
    }
    if (type != contextType && type != chainType) {
        t->failed = 1;
        return;
    }
    int chained = type == chainType;
    uint32_t format = rd16(t, offset);
    LookupFacts facts;
    memset(&facts, 0, sizeof(facts));
    context_subtable(t, offset, chained, 0, &facts);
    if (t->failed) return;
    if (format == 3) {
        uint32_t backtrack = 0, input, lookahead = 0;
        uint64_t backtrackAt = 0, inputAt, lookaheadAt = 0, recordsAt;
        uint32_t records;
        if (chained) {
            backtrack = rd16(t, offset + 2);
            backtrackAt = offset + 4;
            input = rd16(t, backtrackAt + 2 * (uint64_t)backtrack);
            inputAt = backtrackAt + 2 * (uint64_t)backtrack + 2;
            lookahead = rd16(t, inputAt + 2 * (uint64_t)input);
            lookaheadAt = inputAt + 2 * (uint64_t)input + 2;
            records = rd16(t, lookaheadAt + 2 * (uint64_t)lookahead);
            recordsAt = lookaheadAt + 2 * (uint64_t)lookahead + 2;
        } else {
            input = rd16(t, offset + 2);
            records = rd16(t, offset + 4);
            inputAt = offset + 6;
            recordsAt = inputAt + 2 * (uint64_t)input;
        }
        int mentions = 0;
        for (uint32_t i = 0; i < backtrack && !mentions; i++)
            mentions = coverage_scan(t, offset + rd16(t, backtrackAt + 2 * (uint64_t)i), t->space, -1, -1);
        for (uint32_t i = 0; i < input && !mentions; i++)
            mentions = coverage_scan(t, offset + rd16(t, inputAt + 2 * (uint64_t)i), t->space, -1, -1);
        for (uint32_t i = 0; i < lookahead && !mentions; i++)
            mentions = coverage_scan(t, offset + rd16(t, lookaheadAt + 2 * (uint64_t)i), t->space, -1, -1);
        // A called context lookup may match the space within the window it adds.
        for (uint32_t i = 0; i < records && !mentions; i++)
            mentions = is_context_lookup(t, rd16(t, recordsAt + 4 * (uint64_t)i + 2));
        if (!mentions || t->failed) return;
        LookupFacts nested;
        memset(&nested, 0, sizeof(nested));
        int32_t extra = nested_records(t, recordsAt, records, 1, &nested);
        for (uint32_t p = 0; p < input && !t->failed; p++)
            coverage_scan(t, offset + rd16(t, inputAt + 2 * (uint64_t)p), 0, (int)(backtrack + p) + extra,
                          (int)(input - 1 - p + lookahead) + extra);
    } else {
        // Formats 1 and 2: every glyph the subtable can match as input reaches its widest
        // window either way (format 1 is taken to involve the space too).
        int32_t window = facts.window;
        coverage_scan(t, offset + rd16(t, offset + 2), 0, window, window);
        if (format == 2) {
            uint64_t classDef = offset + rd16(t, offset + (chained ? 6 : 4));
            uint32_t classFormat = rd16(t, classDef);
            if (classFormat == 1) {
                uint32_t start = rd16(t, classDef + 2), count = rd16(t, classDef + 4);
                for (uint32_t i = 0; i < count && spend(t); i++)
                    if (rd16(t, classDef + 6 + 2 * (uint64_t)i) != 0) raise_reach(t, start + i, window, window);
            } else if (classFormat == 2) {
                uint32_t ranges = rd16(t, classDef + 2);
                for (uint32_t i = 0; i < ranges && spend(t); i++) {
                    uint64_t range = classDef + 4 + 6 * (uint64_t)i;
                    if (rd16(t, range + 4) == 0) continue;
                    for (hb_codepoint_t g = rd16(t, range); g <= rd16(t, range + 2) && g < t->glyphCount; g++)
                        raise_reach(t, g, window, window);
                }
            } else {
                t->failed = 1;
            }
        } else {
            // Format 1: the rest of each rule's input glyphs.
            uint32_t sets = rd16(t, offset + 4);
            for (uint32_t i = 0; i < sets && !t->failed; i++) {
                uint32_t setOffset = rd16(t, offset + 6 + 2 * (uint64_t)i);
                if (setOffset == 0) continue;
                uint64_t set = offset + setOffset;
                uint32_t rules = rd16(t, set);
                for (uint32_t r = 0; r < rules && spend(t); r++) {
                    uint64_t at = set + rd16(t, set + 2 + 2 * (uint64_t)r);
                    if (chained) at += 2 + 2 * (uint64_t)rd16(t, at);
                    uint32_t count = rd16(t, at);
                    uint64_t glyphs = at + (chained ? 2 : 4);
                    for (uint32_t g = 0; g + 1 < count && !t->failed; g++)
                        raise_reach(t, rd16(t, glyphs + 2 * (uint64_t)g), window, window);
                }
            }
        }
    }
    if (facts.window > *reach) *reach = facts.window;
}

static const LookupFacts *lookup_facts(Table *t, uint32_t index, int depth) {
    if (depth > 8 || index >= t->lookupCount || t->state[index] == 1) {
        t->failed = 1;
        return NULL;
    }
    LookupFacts *facts = &t->facts[index];
    if (t->state[index] == 2) return facts;
    t->state[index] = 1;
    uint64_t lookup = (uint64_t)t->lookupList + rd16(t, (uint64_t)t->lookupList + 2 + 2 * (uint64_t)index);
    uint32_t type = rd16(t, lookup), flag = rd16(t, lookup + 2), count = rd16(t, lookup + 4);
    if (flag & (IGNORE_BASE | IGNORE_LIGATURES)) facts->skipsBases = 1;
    if (flag & (IGNORE_MARKS | MARK_FILTERING | MARK_TYPE)) facts->skipsMarks = 1;
    for (uint32_t s = 0; s < count && !t->failed; s++)
        subtable(t, type, lookup + rd16(t, lookup + 6 + 2 * (uint64_t)s), depth, 0, facts);
    t->state[index] = 2;
    return t->failed ? NULL : facts;
}

static int table_open(Table *t, hb_blob_t *blob, int isGSUB, hb_codepoint_t space, hb_set_t *counting) {
    memset(t, 0, sizeof(*t));
    unsigned int length = 0;
    t->bytes = (const uint8_t *)hb_blob_get_data(blob, &length);
    t->length = length;
    t->isGSUB = isGSUB;
    t->budget = 1L << 21;
    t->space = space;
    t->counting = counting;
    if (length == 0) return 1; // no table: no lookups
    t->lookupList = rd16(t, 8);
    t->lookupCount = t->lookupList ? rd16(t, t->lookupList) : 0;
    t->state = calloc(t->lookupCount + 1, 1);
    t->facts = calloc(t->lookupCount + 1, sizeof(LookupFacts));
    t->ligatureSeeds = hb_set_create();
    t->deletionSeeds = hb_set_create();
    return t->state && t->facts && !t->failed;
}

static void table_close(Table *t) {
    if (t->length == 0) return;
    free(t->state);
    free(t->facts);
    hb_set_destroy(t->ligatureSeeds);
    hb_set_destroy(t->deletionSeeds);
}

// Adds to `set`, until nothing changes, the input of every substitution whose output meets
// it. Returns 0 when that did not settle in 256 rounds.
static int close_backwards(hb_set_t *set, hb_set_t **inputs, hb_set_t **outputs, unsigned int count, hb_set_t *scratch) {
    if (hb_set_is_empty(set)) return 1;
    for (int round = 0; round < 256; round++) {
        unsigned int population = hb_set_get_population(set);
        for (unsigned int i = 0; i < count; i++) {
            hb_set_set(scratch, outputs[i]);
            hb_set_intersect(scratch, set);
            if (!hb_set_is_empty(scratch)) hb_set_union(set, inputs[i]);
        }
        if (hb_set_get_population(set) == population) return 1;
    }
    return 0;
}

// Combining marks: HarfBuzz may compose one with the character before it into a glyph of
// neither (shim.c makes them zone centres that never count).
int ts_is_mark(uint32_t codepoint) {
    int8_t type = u_charType((UChar32)codepoint);
    return type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK || type == U_COMBINING_SPACING_MARK;
}

// Whether a code point may count towards the reach (before its glyph is looked at).
int ts_may_count(uint32_t codepoint) {
    return !ts_is_mark(codepoint) && !u_hasBinaryProperty((UChar32)codepoint, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

void ts_space_analysis(hb_face_t *face, hb_font_t *font, TSSpaceAnalysis *out) {
    out->interacting = hb_set_create();
    out->uncounted = hb_set_create();
    out->reach = 0;
    out->reaches = NULL;
    out->glyphCount = 0;
    hb_codepoint_t space = 0;
    if (!hb_font_get_nominal_glyph(font, 0x20, &space)) return;
    hb_tag_t features[64];
    int featureCount = 0;
    for (; defaultFeatures[featureCount] && featureCount < 63; featureCount++)
        features[featureCount] = hb_tag_from_string(defaultFeatures[featureCount], -1);
    features[featureCount] = HB_TAG_NONE;
    const hb_tag_t tags[2] = {HB_OT_TAG_GSUB, HB_OT_TAG_GPOS};
    hb_set_t *marks = hb_set_create();
    hb_ot_layout_get_glyphs_in_class(face, HB_OT_LAYOUT_GLYPH_CLASS_MARK, marks);
    int hasClasses = hb_ot_layout_has_glyph_classes(face);
    hb_ot_layout_glyph_class_t spaceClass = hb_ot_layout_get_glyph_class(face, space);
    // Zones need the space unskippable by every lookup: not a mark, and a base or ligature
    // only when no lookup skips those (checked below).
    int zones = spaceClass != HB_OT_LAYOUT_GLYPH_CLASS_MARK;
    int spaceIsBase = !hasClasses || spaceClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH ||
                      spaceClass == HB_OT_LAYOUT_GLYPH_CLASS_LIGATURE;
    hb_set_t *before = hb_set_create(), *input = hb_set_create(), *after = hb_set_create(), *output = hb_set_create();
    // The lookups of the default features, those involving the space, and every GSUB
    // lookup's collected input and output (nested lookups included).
    hb_set_t *lookups[2], *spaceLookups[2];
    unsigned int gsubCount = 0;
    for (int t = 0; t < 2; t++) {
        lookups[t] = hb_set_create();
        spaceLookups[t] = hb_set_create();
        hb_ot_layout_collect_lookups(face, tags[t], NULL, NULL, features, lookups[t]);
    }
    unsigned int population = hb_set_get_population(lookups[0]);
    hb_set_t **inputs = calloc(population + 1, sizeof(hb_set_t *));
    hb_set_t **outputs = calloc(population + 1, sizeof(hb_set_t *));
    if (!inputs || !outputs) zones = 0;
    for (int t = 0; t < 2; t++) {
        hb_codepoint_t lookup = HB_SET_VALUE_INVALID;
        while (hb_set_next(lookups[t], &lookup)) {
            hb_set_clear(before); hb_set_clear(input); hb_set_clear(after); hb_set_clear(output);
            hb_ot_layout_lookup_collect_glyphs(face, tags[t], lookup, before, input, after, output);
            if (hb_set_has(before, space) || hb_set_has(input, space) || hb_set_has(after, space) ||
                hb_set_has(output, space)) {
                hb_set_add(spaceLookups[t], lookup);
                hb_set_union(out->interacting, input);
                hb_set_union(out->interacting, output);
            }
            if (t == 0 && inputs && outputs && gsubCount < population) {
                inputs[gsubCount] = hb_set_copy(input);
                outputs[gsubCount] = hb_set_copy(output);
                gsubCount++;
            }
        }
    }
    // Zones matter only where a lookup involves the space and none acts on the space itself
    // (the closure below only adds to the set): the rest is not worked out otherwise.
    if ((hb_set_is_empty(spaceLookups[0]) && hb_set_is_empty(spaceLookups[1])) || hb_set_has(out->interacting, space))
        zones = 0;
    // Glyphs that may stand for a character that counts: the nominal glyphs of such
    // characters and what substitutions make of them.
    hb_set_t *counting = hb_set_create();
    hb_set_t *unicodes = hb_set_create();
    if (zones) hb_face_collect_unicodes(face, unicodes);
    for (hb_codepoint_t cp = HB_SET_VALUE_INVALID; hb_set_next(unicodes, &cp);) {
        hb_codepoint_t glyph = 0;
        if (ts_may_count(cp) && hb_font_get_nominal_glyph(font, cp, &glyph) && glyph != 0) hb_set_add(counting, glyph);
    }
    hb_set_destroy(unicodes);
    int32_t reach = 0;
    int skipsMarks = 0;
    hb_set_t *ligatureSeeds = hb_set_create(), *deletionSeeds = hb_set_create();
    uint32_t glyphCount = hb_face_get_glyph_count(face);
    uint8_t *left = calloc(glyphCount + 1, 1), *right = calloc(glyphCount + 1, 1);
    if (!left || !right) zones = 0;
    Table tables[2];
    hb_blob_t *blobs[2] = {NULL, NULL};
    memset(tables, 0, sizeof(tables));
    for (int t = 0; t < 2 && zones; t++) {
        blobs[t] = hb_face_reference_table(face, tags[t]);
        Table *table = &tables[t];
        if (!table_open(table, blobs[t], t == 0, space, counting)) zones = 0;
        table->left = left;
        table->right = right;
        table->glyphCount = left && right ? glyphCount : 0;
        hb_codepoint_t lookup = HB_SET_VALUE_INVALID;
        while (zones && table->length > 0 && hb_set_next(lookups[t], &lookup)) {
            const LookupFacts *facts = lookup_facts(table, lookup, 0);
            if (!facts) {
                zones = 0;
                break;
            }
            int involvesSpace = hb_set_has(spaceLookups[t], lookup);
            // A lookup that skips bases or ligatures could step over the space.
            if (facts->skipsBases && spaceIsBase) zones = 0;
            // A class-based rule matching "any other glyph" where the space is one of them
            // involves the space whatever the collected glyphs say.
            if (facts->spaceClassZero && !involvesSpace) zones = 0;
            if (!involvesSpace) continue;
            if (facts->skipsBases || facts->reverse || facts->classZero) zones = 0;
            if (facts->skipsMarks) skipsMarks = 1;
            // The reach of the input glyphs of its subtables that can match the space.
            uint64_t at = (uint64_t)table->lookupList + rd16(table, (uint64_t)table->lookupList + 2 + 2 * (uint64_t)lookup);
            uint32_t type = rd16(table, at), count = rd16(table, at + 4);
            for (uint32_t i = 0; i < count && !table->failed; i++)
                seed_subtable(table, type, at + rd16(table, at + 6 + 2 * (uint64_t)i), 0, &reach);
        }
        // After the lookups that run (and those they call) are marked visited.
        if (t == 0 && zones && table->length > 0 && !map_counting(table)) zones = 0;
        if (table->failed) zones = 0;
        if (table->skipsMarks) skipsMarks = 1;
    }
    // A glyph reaches as far as any glyph a substitution can make of it.
    if (zones && tables[0].length > 0 && !map_reach(&tables[0])) zones = 0;
    for (int t = 0; t < 2; t++) {
        if (!blobs[t]) continue;
        if (tables[t].ligatureSeeds) hb_set_union(ligatureSeeds, tables[t].ligatureSeeds);
        if (tables[t].deletionSeeds) hb_set_union(deletionSeeds, tables[t].deletionSeeds);
        table_close(&tables[t]);
        hb_blob_destroy(blobs[t]);
    }
    // A substitution whose output can touch the set makes its input part of it too.
    if (!close_backwards(out->interacting, inputs, outputs, gsubCount, output)) {
        // Unsettled: every glyph counts as interacting (nothing is cut).
        hb_set_invert(out->interacting);
        zones = 0;
    }
    // Uncounted: glyphs that may become skippable marks or vanish, and glyphs that may join
    // another counting glyph in a ligature.
    if (skipsMarks) hb_set_union(deletionSeeds, marks);
    if (!close_backwards(deletionSeeds, inputs, outputs, gsubCount, output) ||
        !close_backwards(ligatureSeeds, inputs, outputs, gsubCount, output))
        zones = 0;
    hb_set_union(out->uncounted, deletionSeeds);
    hb_set_union(out->uncounted, ligatureSeeds);
    if (hb_set_has(out->interacting, space) || reach > 15) zones = 0;
    out->reach = zones ? reach : 0;
    // Each glyph's reach, left in the high four bits and right in the low four.
    out->glyphCount = zones ? glyphCount : 0;
    out->reaches = zones ? calloc(glyphCount + 1, 1) : NULL;
    if (!out->reaches) out->reach = 0, out->glyphCount = 0;
    for (uint32_t g = 0; out->reaches && g < glyphCount; g++) {
        if (left[g] > 15 || right[g] > 15) out->reach = 0;
        out->reaches[g] = (uint8_t)((left[g] << 4) | (right[g] & 15));
    }
    free(left);
    free(right);
    for (unsigned int i = 0; i < gsubCount; i++) {
        hb_set_destroy(inputs[i]);
        hb_set_destroy(outputs[i]);
    }
    free(inputs);
    free(outputs);
    for (int t = 0; t < 2; t++) {
        hb_set_destroy(lookups[t]);
        hb_set_destroy(spaceLookups[t]);
    }
    hb_set_destroy(before); hb_set_destroy(input); hb_set_destroy(after); hb_set_destroy(output);
    hb_set_destroy(ligatureSeeds); hb_set_destroy(deletionSeeds); hb_set_destroy(marks);
    hb_set_destroy(counting);
}
