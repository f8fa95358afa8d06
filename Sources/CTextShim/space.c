// What the lookups of a face's default features can do across a space: the glyphs they can
// touch (for cutting runs into words, PreparedText.shapeRun), how far a rule involving the
// space reaches (for cutting runs with such glyphs far enough from them, space_zones.c), and
// what keeps a face's runs whole (graphite and AAT tables, kerning with the space, a space
// that lookups may skip, 'rand', lookups that could reach HarfBuzz's buffer limits,
// space_limits.c). GSUB and GPOS are read here: the glyphs each lookup names
// (space_collect.c, what HarfBuzz's hb_ot_layout_lookup_collect_glyphs gives, which has no
// bound on its work), and what that collection leaves out: class 0 ("any other glyph") in
// class-based rules, lookup flags, rule windows and nested calls. Every read is
// bounds-checked and every element visited is charged to the face's budget (TS_FACE_BUDGET):
// anything that cannot be read or runs out of budget refuses every cut for the face.
// docs/typesetting.md ("Cutting next to spaces") gives the rule; SpaceZoneTests and
// ExactShapingTests pin it.
#include "space_internal.h"

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

// Saturation of the counts of calls and added glyphs (space_limits.c reads them).
#define SATURATED 100000

int spend_table(Table *t, long amount) { return spend(&t->r, amount); }

// The class of the space in the ClassDef at `base + offset`, read as HarfBuzz reads it.
static uint32_t space_class(Table *t, uint64_t base, uint32_t offset) {
    if (!spend_table(t, 16)) return 1;
    return class_of(&t->r, base, offset, t->space);
}

// Notes a class value that a class-based rule matches; class 0 matches every glyph the class
// definition at `base + offset` does not list. `input`: a position after the first input
// glyph, where a nested lookup may act on the glyph matched.
static void note_class(Table *t, uint32_t value, uint64_t base, uint32_t offset, LookupFacts *facts, int input) {
    if (value != 0) return;
    facts->classZero = 1;
    if (input) facts->inputClassZero = 1;
    if (space_class(t, base, offset) != 0) return;
    facts->spaceClassZero = 1;
    if (input) facts->spaceInputClassZero = 1;
}

static const LookupFacts *lookup_facts_at(Table *t, uint32_t index, int depth);

// Adds what the lookups a rule calls can do: each may reach beyond the rule's own window by
// its own window less the one glyph it starts on. Returns that extra reach.
static int32_t nested_records(Table *t, uint64_t records, uint32_t count, int depth, LookupFacts *facts,
                              int64_t *calls, int64_t *added) {
    int32_t extra = 0;
    for (uint32_t i = 0; i < count && !t->r.failed; i++) {
        if (!spend_table(t, 1)) return 0;
        const LookupFacts *nested = lookup_facts_at(t, rd16(&t->r, records + 4 * (uint64_t)i + 2), depth + 1);
        if (t->r.failed || !nested) return 0;
        if (nested->window > 1) extra += nested->window - 1;
        *calls += 1 + nested->calls;
        if (*calls > SATURATED) *calls = SATURATED;
        *added += nested->added;
        if (*added > SATURATED) *added = SATURATED;
        facts->skipsBases |= nested->skipsBases;
        facts->skipsMarks |= nested->skipsMarks;
        facts->reverse |= nested->reverse;
        facts->classZero |= nested->classZero;
        facts->spaceClassZero |= nested->spaceClassZero;
        facts->spaceInputClassZero |= nested->spaceInputClassZero;
        facts->inputClassZero |= nested->inputClassZero;
    }
    return extra;
}

// Raises a lookup's calls and added glyphs to those of one of its rules.
static void raise_rule(LookupFacts *facts, int64_t calls, int64_t added) {
    if (calls > facts->calls) facts->calls = calls;
    if (added > facts->added) facts->added = added;
}

// A context (GSUB 5, GPOS 7) or chained context (GSUB 6, GPOS 8) subtable.
void context_subtable(Table *t, uint64_t offset, int chained, int depth, LookupFacts *facts) {
    Reader *r = &t->r;
    uint32_t format = rd16(r, offset);
    if (format == 3) {
        uint32_t backtrack = 0, input, lookahead = 0;
        uint64_t at = offset + 2;
        if (chained) {
            backtrack = rd16(r, at);
            at += 2 + 2 * (uint64_t)backtrack;
            input = rd16(r, at);
            at += 2 + 2 * (uint64_t)input;
            lookahead = rd16(r, at);
            at += 2 + 2 * (uint64_t)lookahead;
        } else {
            input = rd16(r, at);
            at += 4; // glyphCount, seqLookupCount
        }
        uint32_t records = chained ? rd16(r, at) : rd16(r, offset + 4);
        uint64_t recordsAt = chained ? at + 2 : offset + 6 + 2 * (uint64_t)input;
        if (input == 0) r->failed = 1;
        if (!spend_table(t, 1 + (long)backtrack + input + lookahead)) return;
        int64_t calls = 0, added = 0;
        int32_t window =
            (int32_t)(backtrack + input + lookahead) + nested_records(t, recordsAt, records, depth, facts, &calls, &added);
        if (window > facts->window) facts->window = window;
        raise_rule(facts, calls, added);
        return;
    }
    if (format != 1 && format != 2) {
        r->failed = 1;
        return;
    }
    // Formats 1 and 2 share their layout: rule sets of rules; format 2 counts classes.
    uint32_t backtrackClasses = 0, inputClasses = 0, lookaheadClasses = 0;
    uint64_t setsAt = offset + 4;
    if (format == 2) {
        if (chained) {
            backtrackClasses = rd16(r, offset + 4);
            inputClasses = rd16(r, offset + 6);
            lookaheadClasses = rd16(r, offset + 8);
            setsAt = offset + 10;
        } else {
            inputClasses = rd16(r, offset + 4);
            setsAt = offset + 6;
        }
    }
    uint32_t sets = rd16(r, setsAt);
    for (uint32_t s = 0; s < sets && !r->failed; s++) {
        if (!spend_table(t, 1)) return;
        uint32_t setOffset = rd16(r, setsAt + 2 + 2 * (uint64_t)s);
        if (setOffset == 0) continue;
        uint64_t set = offset + setOffset;
        uint32_t rules = rd16(r, set);
        // The set's index is the class of the first input glyph of its rules: that glyph is
        // covered, so the space is collected there when it can be matched at all.
        if (format == 2 && rules > 0 && s == 0) facts->classZero = 1;
        for (uint32_t k = 0; k < rules && !r->failed; k++) {
            if (!spend_table(t, 1)) return;
            uint64_t rule = set + rd16(r, set + 2 + 2 * (uint64_t)k);
            uint32_t backtrack = 0, input, lookahead = 0, records = 0;
            uint64_t at = rule;
            if (chained) {
                backtrack = rd16(r, at);
                if (!spend_table(t, backtrack)) return;
                for (uint32_t i = 0; format == 2 && i < backtrack && !r->failed; i++)
                    note_class(t, rd16(r, at + 2 + 2 * (uint64_t)i), offset, backtrackClasses, facts, 0);
                at += 2 + 2 * (uint64_t)backtrack;
            }
            input = rd16(r, at);
            if (input == 0) {
                r->failed = 1;
                return;
            }
            if (!spend_table(t, input)) return;
            if (!chained) {
                records = rd16(r, at + 2);
                at += 4;
            } else {
                at += 2;
            }
            for (uint32_t i = 0; format == 2 && i + 1 < input && !r->failed; i++)
                note_class(t, rd16(r, at + 2 * (uint64_t)i), offset, inputClasses, facts, 1);
            at += 2 * (uint64_t)(input - 1);
            if (chained) {
                lookahead = rd16(r, at);
                if (!spend_table(t, lookahead)) return;
                for (uint32_t i = 0; format == 2 && i < lookahead && !r->failed; i++)
                    note_class(t, rd16(r, at + 2 + 2 * (uint64_t)i), offset, lookaheadClasses, facts, 0);
                at += 2 + 2 * (uint64_t)lookahead;
                records = rd16(r, at);
                at += 2;
            }
            int64_t calls = 0, added = 0;
            int32_t window =
                (int32_t)(backtrack + input + lookahead) + nested_records(t, at, records, depth, facts, &calls, &added);
            if (window > facts->window) facts->window = window;
            raise_rule(facts, calls, added);
        }
    }
}

// A ligature subtable (GSUB 4): its widest ligature.
static void ligature_subtable(Table *t, uint64_t offset, LookupFacts *facts) {
    Reader *r = &t->r;
    if (rd16(r, offset) != 1) {
        r->failed = 1;
        return;
    }
    uint32_t sets = rd16(r, offset + 4);
    for (uint32_t s = 0; s < sets && !r->failed; s++) {
        if (!spend_table(t, 1)) return;
        uint64_t set = offset + rd16(r, offset + 6 + 2 * (uint64_t)s);
        uint32_t count = rd16(r, set);
        for (uint32_t l = 0; l < count && !r->failed; l++) {
            if (!spend_table(t, 1)) return;
            uint32_t components = rd16(r, set + rd16(r, set + 2 + 2 * (uint64_t)l) + 2);
            if (components == 0) r->failed = 1;
            if ((int32_t)components > facts->window) facts->window = (int32_t)components;
        }
    }
}

// Whether the value record of `words` 16-bit words at `at` can move anything (device and
// variation offsets count: they may move a glyph on an instance or at a size).
static int moves(Table *t, uint64_t at, uint32_t words) {
    for (uint32_t i = 0; i < words; i++)
        if (rd16(&t->r, at + 2 * (uint64_t)i) != 0) return 1;
    return 0;
}

// A pair positioning subtable (GPOS 2). Format 1 names both glyphs of each pair, which
// HarfBuzz's collection lists. Format 2 matches class 0 of its second class definition, every
// glyph it does not list: where the space is among them, each first glyph whose row moves
// anything for class 0 joins `pairGlyphs`, and a row that moves the second glyph (the space)
// sets `spaceMoved`. Rows of zeros change nothing (HarfBuzz only marks the pair unsafe to
// concatenate).
static void pair_subtable(Table *t, uint64_t offset, LookupFacts *facts) {
    Reader *r = &t->r;
    if (facts->window < 2) facts->window = 2;
    uint32_t format = rd16(r, offset);
    if (format == 1) return;
    if (format != 2) {
        r->failed = 1;
        return;
    }
    uint32_t coverage = rd16(r, offset + 2);
    uint32_t len1 = (uint32_t)__builtin_popcount(rd16(r, offset + 4));
    uint32_t len2 = (uint32_t)__builtin_popcount(rd16(r, offset + 6));
    uint32_t classDef1 = rd16(r, offset + 8), classDef2 = rd16(r, offset + 10);
    uint32_t class1Count = rd16(r, offset + 12), class2Count = rd16(r, offset + 14);
    if (class2Count == 0 || len1 + len2 == 0 || r->failed) return;
    if (space_class(t, offset, classDef2) != 0) return;
    uint64_t stride = 2 * (uint64_t)(len1 + len2) * class2Count;
    uint8_t *rows = calloc(class1Count / 8 + 1, 1);
    if (!rows) {
        r->failed = 1;
        return;
    }
    int any = 0;
    for (uint32_t c1 = 0; c1 < class1Count && spend_table(t, 1 + (long)len1 + len2); c1++) {
        uint64_t record = offset + 16 + stride * c1;
        if (moves(t, record + 2 * (uint64_t)len1, len2)) t->spaceMoved = 1;
        if (moves(t, record, len1)) {
            rows[c1 >> 3] |= (uint8_t)(1u << (c1 & 7));
            any = 1;
        }
    }
    // Every covered glyph whose row moves it when the space follows.
    if (any && coverage != 0 && !r->failed) {
        uint64_t at = offset + coverage;
        uint32_t coverageFormat = rd16(r, at), count = rd16(r, at + 2);
        for (uint32_t e = 0; e < count && !r->failed; e++) {
            uint32_t first, last, index;
            if (!coverage_entry(r, at, coverageFormat, e, &first, &last, &index)) break;
            for (uint32_t g = first; g <= last && spend_table(t, 16); g++) {
                uint32_t c1 = class_of(r, offset, classDef1, g);
                if (c1 < class1Count && ((rows[c1 >> 3] >> (c1 & 7)) & 1)) hb_set_add(t->pairGlyphs, g);
            }
        }
    }
    free(rows);
}

static void subtable(Table *t, uint32_t type, uint64_t offset, int depth, int extension, LookupFacts *facts) {
    Reader *r = &t->r;
    int contextType = t->isGSUB ? 5 : 7, chainType = t->isGSUB ? 6 : 8, extensionType = t->isGSUB ? 7 : 9;
    if (!spend_table(t, 1)) return;
    if (type == extensionType) {
        uint32_t inner = rd16(r, offset + 2);
        if (extension || rd16(r, offset) != 1 || inner == extensionType) {
            r->failed = 1;
            return;
        }
        subtable(t, inner, offset + rd32(r, offset + 4), depth, 1, facts);
    } else if (type == contextType || type == chainType) {
        context_subtable(t, offset, type == chainType, depth, facts);
    } else if (t->isGSUB && type == 4) {
        ligature_subtable(t, offset, facts);
    } else if (t->isGSUB && type == 8) {
        facts->reverse = 1;
        if (facts->window < 1) facts->window = 1;
    } else if (t->isGSUB ? (type >= 1 && type <= 3) : type == 1) {
        if (t->isGSUB && type == 2) {
            int64_t added = (int64_t)multiple_subtable(t, offset) - 1;
            if (added > facts->added) facts->added = added;
        }
        if (facts->window < 1) facts->window = 1;
    } else if (!t->isGSUB && type == 2) {
        pair_subtable(t, offset, facts);
    } else if (!t->isGSUB && type >= 3 && type <= 6) {
        // Cursive attachment, marks to bases, ligatures or marks: two unskipped glyphs (mark
        // attachment skips the marks between a mark and its base whatever the flags).
        if (facts->window < 2) facts->window = 2;
    } else {
        r->failed = 1;
    }
}

static const LookupFacts *lookup_facts_at(Table *t, uint32_t index, int depth) {
    if (depth > 8 || index >= t->lookupCount || t->state[index] == 1) {
        t->r.failed = 1;
        return NULL;
    }
    LookupFacts *facts = &t->facts[index];
    if (t->state[index] == 2) return facts;
    t->state[index] = 1;
    uint64_t lookup = (uint64_t)t->lookupList + rd16(&t->r, (uint64_t)t->lookupList + 2 + 2 * (uint64_t)index);
    uint32_t type = rd16(&t->r, lookup), flag = rd16(&t->r, lookup + 2), count = rd16(&t->r, lookup + 4);
    facts->flag = flag;
    if (flag & (IGNORE_BASE | IGNORE_LIGATURES)) facts->skipsBases = 1;
    if (flag & (IGNORE_MARKS | USE_MARK_FILTERING | MARK_TYPE)) facts->skipsMarks = 1;
    for (uint32_t s = 0; s < count && !t->r.failed; s++)
        subtable(t, type, lookup + rd16(&t->r, lookup + 6 + 2 * (uint64_t)s), depth, 0, facts);
    t->state[index] = 2;
    return t->r.failed ? NULL : facts;
}

const LookupFacts *lookup_facts(Table *t, uint32_t index) { return lookup_facts_at(t, index, 0); }

// Whether lookup `index` (its first subtable's type, through an extension) substitutes or
// positions the single glyph it applies to: GSUB single, multiple or alternate, GPOS single.
static int acts_on_one_glyph(Table *t, uint32_t index) {
    Reader *r = &t->r;
    uint64_t lookup = (uint64_t)t->lookupList + rd16(r, (uint64_t)t->lookupList + 2 + 2 * (uint64_t)index);
    uint32_t type = rd16(r, lookup), count = rd16(r, lookup + 4);
    if (count > 0 && type == (t->isGSUB ? 7u : 9u)) type = rd16(r, lookup + rd16(r, lookup + 6) + 2);
    return !r->failed && (t->isGSUB ? (type >= 1 && type <= 3) : type == 1);
}

static int table_open(Table *t, hb_blob_t *blob, int isGSUB, hb_codepoint_t space, hb_set_t *counting, long budget) {
    memset(t, 0, sizeof(*t));
    unsigned int length = 0;
    t->r.bytes = (const uint8_t *)hb_blob_get_data(blob, &length);
    t->r.length = length;
    t->r.budget = budget;
    t->isGSUB = isGSUB;
    t->space = space;
    t->counting = counting;
    t->ligatureSeeds = hb_set_create();
    t->deletionSeeds = hb_set_create();
    t->pairGlyphs = hb_set_create();
    if (length == 0) return 1; // no table: no lookups
    t->lookupList = rd16(&t->r, 8);
    t->lookupCount = t->lookupList ? rd16(&t->r, t->lookupList) : 0;
    t->state = calloc(t->lookupCount + 1, 1);
    t->direct = calloc(t->lookupCount + 1, 1);
    t->facts = calloc(t->lookupCount + 1, sizeof(LookupFacts));
    return t->state && t->direct && t->facts && !t->r.failed;
}

static void table_close(Table *t) {
    collect_free(t);
    free(t->state);
    free(t->direct);
    free(t->facts);
    hb_set_destroy(t->ligatureSeeds);
    hb_set_destroy(t->deletionSeeds);
    hb_set_destroy(t->pairGlyphs);
}

// What a set operation over `set` costs: its pages of 512 glyphs.
static long set_cost(const hb_set_t *set) { return 1 + (long)(hb_set_get_population(set) >> 6); }

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

static int has_table(hb_face_t *face, const char *tag) {
    hb_blob_t *blob = hb_face_reference_table(face, hb_tag_from_string(tag, 4));
    int has = hb_blob_get_length(blob) > 0;
    hb_blob_destroy(blob);
    return has;
}

// Whether the face's 'kern' table (which HarfBuzz applies when GPOS does not kern) can move
// a glyph next to the space: a pair holding the space, or a subtable format other than the
// ordered pairs of format 0 (HarfBuzz reads formats 1 to 3, classes and state machines).
// Both the OpenType (version 0) and Apple (version 1) headers.
static int kern_involves_space(hb_face_t *face, hb_codepoint_t space, long *budget) {
    hb_blob_t *blob = hb_face_reference_table(face, HB_TAG('k', 'e', 'r', 'n'));
    unsigned int length = 0;
    Reader r = {(const uint8_t *)hb_blob_get_data(blob, &length), 0, 0, *budget};
    r.length = length;
    int involves = 0;
    if (length > 0) {
        int apple = rd16(&r, 0) == 1;
        uint32_t tables = apple ? rd32(&r, 4) : rd16(&r, 2);
        uint64_t at = apple ? 8 : 4;
        for (uint32_t i = 0; i < tables && !involves && spend(&r, 1); i++) {
            uint32_t size = apple ? rd32(&r, at) : rd16(&r, at + 2);
            uint32_t format = apple ? (rd16(&r, at + 4) & 0xFF) : (rd16(&r, at + 4) >> 8);
            uint64_t body = at + (apple ? 8 : 6);
            if (format != 0) {
                involves = 1;
                break;
            }
            uint32_t pairs = rd16(&r, body);
            if (!spend(&r, pairs)) break;
            for (uint32_t p = 0; p < pairs && !r.failed; p++) {
                uint64_t pair = body + 8 + 6 * (uint64_t)p;
                if (rd16(&r, pair) == space || rd16(&r, pair + 2) == space) {
                    involves = 1;
                    break;
                }
            }
            // A version 0 subtable's length field is 16 bits: HarfBuzz reads a format 0
            // subtable to its pair count, so the next one starts after its pairs.
            at = apple ? at + size : body + 8 + 6 * (uint64_t)pairs;
            if (size < 6 && apple) r.failed = 1;
        }
    }
    hb_blob_destroy(blob);
    *budget = r.budget;
    return involves || r.failed;
}

// Whether a table lists feature `tag` for some script and language.
static int has_feature(hb_face_t *face, hb_tag_t table, hb_tag_t tag) {
    unsigned int count = hb_ot_layout_table_get_feature_tags(face, table, 0, NULL, NULL);
    for (unsigned int start = 0; start < count;) {
        hb_tag_t tags[64];
        unsigned int got = 64;
        hb_ot_layout_table_get_feature_tags(face, table, start, &got, tags);
        if (got == 0) break;
        for (unsigned int i = 0; i < got; i++)
            if (tags[i] == tag) return 1;
        start += got;
    }
    return 0;
}

// What keeps every run of a face whole whatever its lookups: HarfBuzz shapes a face with a
// 'Silf' table with graphite2 and one with 'morx', 'mort' or 'kerx' with its AAT shaper,
// which this analysis does not read; a 'kern' table involving the space; 'rand', whose
// alternates HarfBuzz draws from one random sequence per buffer, so that a word's draw
// depends on those before it; and 'stch', which stretches a glyph over its neighbours.
static int face_refused(hb_face_t *face, hb_codepoint_t space, long *budget) {
    const char *tables[] = {"Silf", "morx", "mort", "kerx", NULL};
    for (int i = 0; tables[i]; i++)
        if (has_table(face, tables[i])) return 1;
    if (has_table(face, "kern") && kern_involves_space(face, space, budget)) return 1;
    return has_feature(face, HB_OT_TAG_GSUB, HB_TAG('r', 'a', 'n', 'd')) ||
           has_feature(face, HB_OT_TAG_GSUB, HB_TAG('s', 't', 'c', 'h'));
}

void collect_running_lookups(hb_face_t *face, hb_tag_t table, const hb_tag_t *features, hb_set_t *lookups) {
    hb_ot_layout_collect_lookups(face, table, NULL, NULL, features, lookups);
    // A language system's required feature runs whatever its tag.
    unsigned int scriptCount = hb_ot_layout_table_get_script_tags(face, table, 0, NULL, NULL);
    for (unsigned int script = 0; script < scriptCount && script < 1024; script++) {
        unsigned int languageCount = hb_ot_layout_script_get_language_tags(face, table, script, 0, NULL, NULL);
        for (unsigned int language = 0; language <= languageCount && language < 1024; language++) {
            unsigned int index = language < languageCount ? language : HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX;
            unsigned int feature = 0;
            if (!hb_ot_layout_language_get_required_feature(face, table, script, index, &feature, NULL)) continue;
            unsigned int indexes[64];
            for (unsigned int start = 0;;) {
                unsigned int got = 64;
                hb_ot_layout_feature_get_lookups(face, table, feature, start, &got, indexes);
                for (unsigned int i = 0; i < got; i++) hb_set_add(lookups, indexes[i]);
                if (got < 64 || start > 65535) break;
                start += got;
            }
        }
    }
}

// The glyphs a lookup involving the space can act on: what it takes as input and makes.
static void add_acted_on(hb_set_t *interacting, hb_set_t *input, hb_set_t *output) {
    hb_set_union(interacting, input);
    hb_set_union(interacting, output);
}

void ts_space_analysis(hb_face_t *face, hb_font_t *font, long *budget, TSSpaceAnalysis *out) {
    memset(out, 0, sizeof(*out));
    out->interacting = hb_set_create();
    out->uncounted = hb_set_create();
    // A face without a space glyph shapes U+0020 as glyph 0 (HarfBuzz's fallback for spaces
    // needs a space glyph): the analysis follows glyph 0 then.
    hb_codepoint_t space = 0;
    if (!hb_font_get_nominal_glyph(font, 0x20, &space)) space = 0;
    if (face_refused(face, space, budget) || *budget < 0) {
        out->refused = TS_REFUSED_TABLES;
        return;
    }
    hb_tag_t features[64];
    int featureCount = 0;
    for (; defaultFeatures[featureCount] && featureCount < 63; featureCount++)
        features[featureCount] = hb_tag_from_string(defaultFeatures[featureCount], -1);
    features[featureCount] = HB_TAG_NONE;
    const hb_tag_t tags[2] = {HB_OT_TAG_GSUB, HB_OT_TAG_GPOS};
    int hasClasses = hb_ot_layout_has_glyph_classes(face);
    hb_ot_layout_glyph_class_t spaceClass = hb_ot_layout_get_glyph_class(face, space);
    // A space GDEF calls a mark is skipped by lookups that skip marks, which may then join
    // the words on either side: no cut. A base (every glyph, without GDEF classes) or a
    // ligature is skipped only by a lookup that skips those (checked per lookup below).
    if (hasClasses && spaceClass == HB_OT_LAYOUT_GLYPH_CLASS_MARK) {
        out->refused = TS_REFUSED_SPACE_MARK;
        return;
    }
    int spaceIsBase = !hasClasses || spaceClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH;
    int spaceIsLigature = hasClasses && spaceClass == HB_OT_LAYOUT_GLYPH_CLASS_LIGATURE;
    int zones = 1, refused = 0;
    hb_set_t *before = hb_set_create(), *input = hb_set_create(), *after = hb_set_create(), *output = hb_set_create();
    hb_set_t *marks = hb_set_create();
    hb_ot_layout_get_glyphs_in_class(face, HB_OT_LAYOUT_GLYPH_CLASS_MARK, marks);
    hb_set_t *counting = hb_set_create();
    uint32_t glyphCount = hb_face_get_glyph_count(face);
    uint8_t *left = calloc(glyphCount + 1, 1), *right = calloc(glyphCount + 1, 1);
    if (!left || !right) refused = TS_REFUSED_MEMORY;
    // Glyphs that may stand for a character that counts: the nominal glyphs of such
    // characters, and what substitutions make of them (map_counting).
    hb_set_t *unicodes = hb_set_create();
    hb_face_collect_unicodes(face, unicodes);
    *budget -= set_cost(unicodes);
    for (hb_codepoint_t cp = HB_SET_VALUE_INVALID; !refused && hb_set_next(unicodes, &cp);) {
        hb_codepoint_t glyph = 0;
        if (--*budget < 0) refused = TS_REFUSED_BUDGET;
        else if (ts_may_count(cp) && hb_font_get_nominal_glyph(font, cp, &glyph) && glyph != 0) hb_set_add(counting, glyph);
    }
    hb_set_destroy(unicodes);
    // Per table: the lookups of the default features (those they call are added as the
    // reader visits them), each lookup's facts, and every GSUB lookup's input and output for
    // the closures below.
    Table tables[2];
    hb_blob_t *blobs[2] = {NULL, NULL};
    memset(tables, 0, sizeof(tables));
    hb_set_t **inputs = NULL, **outputs = NULL;
    unsigned int gsubCount = 0;
    int32_t reach = 0;
    int skipsMarks = 0, spaceInvolved = 0;
    for (int t = 0; t < 2 && !refused; t++) {
        blobs[t] = hb_face_reference_table(face, tags[t]);
        Table *table = &tables[t];
        if (!table_open(table, blobs[t], t == 0, space, counting, *budget)) refused = TS_REFUSED_UNREADABLE;
        table->left = left;
        table->right = right;
        table->glyphCount = glyphCount;
        if (table->r.length == 0 || refused) continue;
        hb_set_t *lookups = hb_set_create();
        collect_running_lookups(face, tags[t], features, lookups);
        // Visiting a lookup visits what it calls: afterwards state 2 marks every lookup that
        // can run.
        for (hb_codepoint_t lookup = HB_SET_VALUE_INVALID; !refused && hb_set_next(lookups, &lookup);) {
            if (lookup < table->lookupCount) table->direct[lookup] = 1;
            if (!lookup_facts(table, lookup)) {
                refused = table->r.budget < 0 ? TS_REFUSED_BUDGET : TS_REFUSED_UNREADABLE;
                break;
            }
        }
        hb_set_destroy(lookups);
        if (t == 0 && !refused) {
            inputs = calloc(table->lookupCount + 1, sizeof(hb_set_t *));
            outputs = calloc(table->lookupCount + 1, sizeof(hb_set_t *));
            if (!inputs || !outputs) refused = TS_REFUSED_MEMORY;
        }
        for (uint32_t lookup = 0; lookup < table->lookupCount && !refused; lookup++) {
            // The lookups a default feature lists, and those only rules call that match more
            // than the one glyph they are called on (ligatures, rules, pairs, attachments),
            // which may reach the space beyond the rule. One that acts on the glyph it is
            // called on acts on the space only where its caller puts the space in its input,
            // and changes only glyphs of that input into glyphs of its output (HarfBuzz's
            // collection of the caller holds both): it is read through its callers, which
            // spares collecting it for each of them.
            int read = table->state[lookup] == 2 && (table->direct[lookup] || !acts_on_one_glyph(table, lookup));
            hb_set_clear(before); hb_set_clear(input); hb_set_clear(after); hb_set_clear(output);
            LookupGlyphs glyphs = {before, input, after, output};
            if (read) collect_glyphs(table, lookup, &glyphs);
            // A rule's class 0 at an input position takes any glyph there, where what it
            // calls may change it: as input for the closures, every glyph.
            if (read && table->facts[lookup].inputClassZero && glyphCount > 0) hb_set_add_range(input, 0, glyphCount - 1);
            if (table->r.failed || table->r.budget < 0)
                refused = table->r.budget < 0 ? TS_REFUSED_BUDGET : TS_REFUSED_UNREADABLE;
            // The GSUB lookups read, by index, for the closures (the rest stay empty).
            if (t == 0 && !refused) {
                inputs[gsubCount] = read ? hb_set_copy(input) : hb_set_create();
                outputs[gsubCount] = read ? hb_set_copy(output) : hb_set_create();
                gsubCount++;
            }
            if (!read || refused) continue;
            const LookupFacts *facts = &table->facts[lookup];
            // A lookup that may skip the space may join the words on either side of it.
            if ((spaceIsBase && (facts->flag & IGNORE_BASE)) || (spaceIsLigature && (facts->flag & IGNORE_LIGATURES))) {
                refused = TS_REFUSED_SKIPS_SPACE;
                break;
            }
            int involvesSpace = hb_set_has(before, space) || hb_set_has(input, space) || hb_set_has(after, space) ||
                                hb_set_has(output, space) || facts->spaceClassZero;
            if (!involvesSpace) continue;
            spaceInvolved = 1;
            add_acted_on(out->interacting, input, output);
            // Class 0 at an input position takes the space as input: a nested lookup may act on it.
            if (facts->spaceInputClassZero) hb_set_add(out->interacting, space);
            if (facts->skipsBases || facts->reverse || facts->classZero) zones = 0;
            if (facts->skipsMarks) skipsMarks = 1;
            // The reach of the input glyphs of its subtables that can match the space.
            uint64_t at = (uint64_t)table->lookupList + rd16(&table->r, (uint64_t)table->lookupList + 2 + 2 * (uint64_t)lookup);
            uint32_t type = rd16(&table->r, at), count = rd16(&table->r, at + 4);
            for (uint32_t i = 0; zones && i < count && !table->r.failed; i++)
                seed_subtable(table, type, at + rd16(&table->r, at + 6 + 2 * (uint64_t)i), 0, &reach);
            if (table->r.failed) zones = 0, table->r.failed = 0;
        }
        // Pair rows that kern any glyph after the first, the space among them.
        if (!hb_set_is_empty(table->pairGlyphs)) {
            hb_set_union(out->interacting, table->pairGlyphs);
            spaceInvolved = 1;
            zones = 0;
        }
        if (table->spaceMoved) hb_set_add(out->interacting, space);
        // After the lookups that run (and those they call) are marked visited.
        // Zones only: a reach that cannot be worked out keeps such runs whole, nothing more.
        if (t == 0 && !refused && zones && spaceInvolved && !map_counting(table)) {
            zones = 0;
            if (table->r.budget >= 0) table->r.failed = 0;
        }
        if (!refused && (table->r.failed || table->r.budget < 0))
            refused = table->r.budget < 0 ? TS_REFUSED_BUDGET : TS_REFUSED_UNREADABLE;
        if (table->skipsMarks) skipsMarks = 1;
        *budget = table->r.budget;
    }
    // A glyph reaches as far as any glyph a substitution can make of it.
    if (!refused && zones && spaceInvolved && tables[0].r.length > 0) {
        tables[0].r.budget = *budget;
        if (!map_reach(&tables[0])) zones = 0;
        tables[0].r.failed = 0;
        if (tables[0].r.budget < 0) refused = TS_REFUSED_BUDGET;
        *budget = tables[0].r.budget;
    }
    // HarfBuzz's limits on a buffer's glyphs and nested calls must be out of reach.
    if (!refused) refused = buffer_limits(face, tables, features, inputs, outputs, gsubCount, budget);
    hb_set_t *ligatureSeeds = hb_set_create(), *deletionSeeds = hb_set_create();
    for (int t = 0; t < 2; t++) {
        if (!blobs[t]) continue;
        hb_set_union(ligatureSeeds, tables[t].ligatureSeeds);
        hb_set_union(deletionSeeds, tables[t].deletionSeeds);
        table_close(&tables[t]);
        hb_blob_destroy(blobs[t]);
    }
    // A substitution whose output can touch the set makes its input part of it too: the
    // closures run backwards, from outputs to inputs.
    GlyphLookups byOutput;
    memset(&byOutput, 0, sizeof(byOutput));
    if (!refused && gsubCount > 0 && !glyph_lookups_build(&byOutput, outputs, gsubCount, budget))
        refused = *budget < 0 ? TS_REFUSED_BUDGET : TS_REFUSED_MEMORY;
    if (!refused && gsubCount > 0 && !close_through(out->interacting, &byOutput, inputs, gsubCount, NULL, budget))
        refused = *budget < 0 ? TS_REFUSED_BUDGET : TS_REFUSED_MEMORY;
    // Uncounted: glyphs that may become skippable marks or vanish, and glyphs that may join
    // another counting glyph in a ligature.
    if (skipsMarks) hb_set_union(deletionSeeds, marks);
    if (!refused && zones && spaceInvolved && gsubCount > 0 &&
        (!close_through(deletionSeeds, &byOutput, inputs, gsubCount, NULL, budget) ||
         !close_through(ligatureSeeds, &byOutput, inputs, gsubCount, NULL, budget)))
        zones = 0;
    glyph_lookups_free(&byOutput);
    hb_set_union(out->uncounted, deletionSeeds);
    hb_set_union(out->uncounted, ligatureSeeds);
    if (*budget < 0 && !refused) refused = TS_REFUSED_BUDGET;
    // Zones matter only where a lookup involves the space and none acts on the space itself.
    if (refused || !spaceInvolved || hb_set_has(out->interacting, space) || reach > 15) zones = 0;
    out->refused = refused;
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
    hb_set_destroy(before); hb_set_destroy(input); hb_set_destroy(after); hb_set_destroy(output);
    hb_set_destroy(ligatureSeeds); hb_set_destroy(deletionSeeds); hb_set_destroy(marks);
    hb_set_destroy(counting);
}
