// The analysis behind simple.c: for one font and shaping plan, the glyphs no rule of the plan
// can start on in a word of simple characters, and the plan's pair lookups read for the fast
// path. docs/typesetting.md ("Shaping simple words") gives the rule and why it is exact.
#include "simple_plan.h"

#include <hb-ot.h>
#include <stdlib.h>
#include <string.h>

// The glyphs of the analysis: `s0` the candidates (nominal glyphs of simple characters, no
// GDEF mark), `s` those left once every glyph a rule can start on has been taken out.
typedef struct {
    Reader r;
    uint32_t glyphCount;
    const uint8_t *s0;
    uint8_t *s;
    const uint32_t *list; // the glyphs of s0, ascending
    uint32_t listCount;
    uint8_t *classes[3];  // class_admits scratch: classes of a ClassDef that hold an s0 glyph
    uint64_t classAt[3];
    long classBytesLeft;  // bound on the class tables of pair subtables (fill_classes)
} Analysis;

static int in_set(const uint8_t *set, uint32_t glyph, uint32_t count) {
    return glyph < count && ((set[glyph >> 3] >> (glyph & 7)) & 1);
}

// Calls `visit` on every glyph of the Coverage at `at` (with its coverage index), stopping
// when it returns nonzero; returns that value. Fails on a format HarfBuzz would not read.
typedef int (*GlyphVisit)(Analysis *a, uint32_t glyph, uint32_t index, void *context);
static int each_covered(Analysis *a, uint64_t at, GlyphVisit visit, void *context) {
    Reader *r = &a->r;
    uint32_t format = rd16(r, at), count = rd16(r, at + 2);
    for (uint32_t e = 0; e < count && !r->failed; e++) {
        uint32_t first, last, index;
        if (!coverage_entry(r, at, format, e, &first, &last, &index)) return 0;
        if (last < first) continue;
        if (!spend(r, 1 + (long)(last - first))) return 0;
        for (uint32_t g = first; g <= last; g++, index++) {
            int result = visit(a, g, index, context);
            if (result) return result;
        }
    }
    return 0;
}

static int visit_admits(Analysis *a, uint32_t glyph, uint32_t index, void *context) {
    (void)index, (void)context;
    return in_set(a->s0, glyph, a->glyphCount);
}

// Whether the Coverage at `base + offset` lists a candidate glyph.
static int coverage_admits(Analysis *a, uint64_t base, uint32_t offset) {
    return offset != 0 && each_covered(a, base + offset, visit_admits, NULL);
}

typedef struct {
    uint64_t base;
    uint32_t classDef; // 0: every covered glyph; else only those of class `klass`
    uint32_t klass;
    uint32_t index;    // with `byIndex`: only the glyph at this coverage index
    int byIndex;
} RemoveContext;

static int visit_remove(Analysis *a, uint32_t glyph, uint32_t index, void *context) {
    RemoveContext *c = context;
    if (c->byIndex && index != c->index) return 0;
    if (c->classDef && class_of(&a->r, c->base, c->classDef, glyph) != c->klass) return 0;
    if (glyph < a->glyphCount) a->s[glyph >> 3] &= (uint8_t)~(1u << (glyph & 7));
    return 0;
}

// Takes the glyphs of the Coverage at `base + offset` out of s.
static void coverage_remove(Analysis *a, uint64_t base, uint32_t offset) {
    RemoveContext c = {base, 0, 0, 0, 0};
    if (offset != 0) each_covered(a, base + offset, visit_remove, &c);
}

// Whether some candidate glyph has class `klass` in the ClassDef at `base + offset`; `slot`
// names a scratch table kept while the same ClassDef is asked again.
static int class_admits(Analysis *a, uint64_t base, uint32_t offset, uint32_t klass, int slot) {
    uint64_t at = offset ? base + offset : 0;
    if (!a->classes[slot]) {
        a->classes[slot] = malloc(0x10000 / 8);
        if (!a->classes[slot]) {
            a->r.failed = 1;
            return 1;
        }
        a->classAt[slot] = (uint64_t)-1;
    }
    if (a->classAt[slot] != at) {
        memset(a->classes[slot], 0, 0x10000 / 8);
        if (!spend(&a->r, (long)a->listCount)) return 1;
        for (uint32_t i = 0; i < a->listCount; i++) {
            uint32_t c = class_of(&a->r, base, offset, a->list[i]);
            a->classes[slot][c >> 3] |= (uint8_t)(1u << (c & 7));
        }
        a->classAt[slot] = at;
    }
    return (a->classes[slot][klass >> 3] >> (klass & 7)) & 1;
}

// A (chained) context subtable: every rule that could match a word of candidate glyphs takes
// the glyphs it can start on out of s.
static void context_subtable(Analysis *a, uint64_t at, int chained) {
    Reader *r = &a->r;
    uint32_t format = rd16(r, at);
    if (format == 3) {
        uint64_t p = at + 2;
        uint32_t backtrack = 0, input, lookahead = 0;
        uint64_t backtrackAt = 0, inputAt, lookaheadAt = 0;
        if (chained) {
            backtrack = rd16(r, p);
            backtrackAt = p + 2;
            p += 2 + 2 * (uint64_t)backtrack;
            input = rd16(r, p);
            inputAt = p + 2;
            p += 2 + 2 * (uint64_t)input;
            lookahead = rd16(r, p);
            lookaheadAt = p + 2;
        } else {
            input = rd16(r, p);
            inputAt = p + 4;
        }
        if (input == 0 || !spend(r, 1)) return;
        int matchable = 1;
        for (uint32_t i = 0; i < backtrack && matchable; i++)
            matchable = coverage_admits(a, at, rd16(r, backtrackAt + 2 * (uint64_t)i));
        for (uint32_t i = 0; i < input && matchable; i++)
            matchable = coverage_admits(a, at, rd16(r, inputAt + 2 * (uint64_t)i));
        for (uint32_t i = 0; i < lookahead && matchable; i++)
            matchable = coverage_admits(a, at, rd16(r, lookaheadAt + 2 * (uint64_t)i));
        if (matchable) coverage_remove(a, at, rd16(r, inputAt));
        return;
    }
    if (format != 1 && format != 2) {
        r->failed = 1;
        return;
    }
    uint32_t coverage = rd16(r, at + 2);
    uint32_t backtrackClasses = 0, inputClasses = 0, lookaheadClasses = 0;
    uint64_t setsAt = at + 4;
    if (format == 2) {
        if (chained) {
            backtrackClasses = rd16(r, at + 4);
            inputClasses = rd16(r, at + 6);
            lookaheadClasses = rd16(r, at + 8);
            setsAt = at + 10;
        } else {
            inputClasses = rd16(r, at + 4);
            setsAt = at + 6;
        }
    }
    uint32_t sets = rd16(r, setsAt);
    for (uint32_t s = 0; s < sets && !r->failed; s++) {
        uint32_t setOffset = rd16(r, setsAt + 2 + 2 * (uint64_t)s);
        if (setOffset == 0) continue;
        // Format 1: set s is the coverage's glyph s; format 2: the covered glyphs of class s.
        if (format == 2 && !class_admits(a, at, inputClasses, s, 1)) continue;
        uint64_t set = at + setOffset;
        uint32_t rules = rd16(r, set);
        int matchable = 0;
        for (uint32_t k = 0; k < rules && !matchable && !r->failed; k++) {
            if (!spend(r, 1)) return;
            uint64_t p = set + rd16(r, set + 2 + 2 * (uint64_t)k);
            // Each position read counts: many rules may share one long rule.
            uint32_t backtrackCount = chained ? rd16(r, p) : 0;
            uint32_t inputCount = rd16(r, p + (chained ? 2 + 2 * (uint64_t)backtrackCount : 0));
            if (!spend(r, (long)backtrackCount + inputCount)) return;
            matchable = 1;
            if (chained) {
                uint32_t backtrack = rd16(r, p);
                for (uint32_t i = 0; i < backtrack && matchable; i++) {
                    uint32_t v = rd16(r, p + 2 + 2 * (uint64_t)i);
                    matchable = format == 1 ? in_set(a->s0, v, a->glyphCount) : class_admits(a, at, backtrackClasses, v, 0);
                }
                p += 2 + 2 * (uint64_t)backtrack;
            }
            uint32_t input = rd16(r, p);
            if (input == 0) {
                r->failed = 1;
                return;
            }
            uint64_t inputAt = p + (chained ? 2 : 4);
            for (uint32_t i = 0; i + 1 < input && matchable; i++) {
                uint32_t v = rd16(r, inputAt + 2 * (uint64_t)i);
                matchable = format == 1 ? in_set(a->s0, v, a->glyphCount) : class_admits(a, at, inputClasses, v, 1);
            }
            if (chained) {
                p = inputAt + 2 * (uint64_t)(input - 1);
                uint32_t lookahead = rd16(r, p);
                if (!spend(r, lookahead)) return;
                for (uint32_t i = 0; i < lookahead && matchable; i++) {
                    uint32_t v = rd16(r, p + 2 + 2 * (uint64_t)i);
                    matchable = format == 1 ? in_set(a->s0, v, a->glyphCount) : class_admits(a, at, lookaheadClasses, v, 2);
                }
            }
        }
        if (!matchable || coverage == 0) continue;
        RemoveContext c = {at, format == 2 ? inputClasses : 0, s, s, format == 1};
        // Format 2 with a Null class definition: every glyph is class 0.
        if (format == 2 && inputClasses == 0) {
            if (s != 0) continue;
            c.classDef = 0;
        }
        each_covered(a, at + coverage, visit_remove, &c);
    }
}

// A ligature subtable: a ligature whose components are all candidates takes its first glyph
// out of s.
static void ligature_subtable(Analysis *a, uint64_t at) {
    Reader *r = &a->r;
    if (rd16(r, at) != 1) {
        r->failed = 1;
        return;
    }
    uint32_t coverage = rd16(r, at + 2), sets = rd16(r, at + 4);
    for (uint32_t s = 0; s < sets && !r->failed; s++) {
        uint32_t setOffset = rd16(r, at + 6 + 2 * (uint64_t)s);
        if (setOffset == 0) continue;
        uint64_t set = at + setOffset;
        uint32_t count = rd16(r, set);
        int matchable = 0;
        for (uint32_t l = 0; l < count && !matchable && !r->failed; l++) {
            if (!spend(r, 1)) return;
            uint64_t ligature = set + rd16(r, set + 2 + 2 * (uint64_t)l);
            uint32_t components = rd16(r, ligature + 2);
            if (!spend(r, components)) return;
            matchable = 1;
            for (uint32_t c = 1; c < components && matchable; c++)
                matchable = in_set(a->s0, rd16(r, ligature + 4 + 2 * (uint64_t)(c - 1)), a->glyphCount);
        }
        if (!matchable || coverage == 0) continue;
        RemoveContext c = {at, 0, 0, s, 1};
        each_covered(a, at + coverage, visit_remove, &c);
    }
}

// A reverse chaining single substitution: matchable when each position admits a candidate.
static void reverse_subtable(Analysis *a, uint64_t at) {
    Reader *r = &a->r;
    if (rd16(r, at) != 1) {
        r->failed = 1;
        return;
    }
    int matchable = coverage_admits(a, at, rd16(r, at + 2));
    uint32_t backtrack = rd16(r, at + 4);
    for (uint32_t i = 0; i < backtrack && matchable; i++)
        matchable = coverage_admits(a, at, rd16(r, at + 6 + 2 * (uint64_t)i));
    uint64_t p = at + 6 + 2 * (uint64_t)backtrack;
    uint32_t lookahead = rd16(r, p);
    for (uint32_t i = 0; i < lookahead && matchable; i++)
        matchable = coverage_admits(a, at, rd16(r, p + 2 + 2 * (uint64_t)i));
    if (matchable) coverage_remove(a, at, rd16(r, at + 2));
}

// Adds a pair positioning subtable (format 1 or 2) to the plan.
static int add_pair_subtable(Plan *plan, Reader *r, uint64_t at, uint32_t *capacity, int variable) {
    PairSubtable st;
    memset(&st, 0, sizeof(st));
    st.at = at;
    st.format = rd16(r, at);
    st.coverage = rd16(r, at + 2);
    st.valueFormat1 = rd16(r, at + 4);
    st.valueFormat2 = rd16(r, at + 6);
    st.len1 = (uint32_t)__builtin_popcount(st.valueFormat1);
    st.len2 = (uint32_t)__builtin_popcount(st.valueFormat2);
    // Device and variation tables apply on an instance of a variable font (or at a ppem).
    if (variable && ((st.valueFormat1 | st.valueFormat2) & 0xF0)) return 0;
    if (st.format == 1) {
        st.pairSetCount = rd16(r, at + 8);
    } else if (st.format == 2) {
        st.classDef1 = rd16(r, at + 8);
        st.classDef2 = rd16(r, at + 10);
        st.class1Count = rd16(r, at + 12);
        st.class2Count = rd16(r, at + 14);
        uint64_t end = at + 16 + 2 * (uint64_t)(st.len1 + st.len2) * st.class1Count * st.class2Count;
        if (end > r->length) r->failed = 1;
    } else {
        r->failed = 1;
    }
    if (r->failed) return 0;
    if (plan->subtableCount == *capacity) {
        uint32_t grown = *capacity ? *capacity * 2 : 16;
        PairSubtable *more = realloc(plan->subtables, grown * sizeof(PairSubtable));
        if (!more) return 0;
        plan->subtables = more;
        *capacity = grown;
    }
    plan->subtables[plan->subtableCount++] = st;
    return 1;
}

typedef struct {
    uint16_t *firstCovering;
    uint16_t subtable;
} CoveringContext;

static int visit_covering(Analysis *a, uint32_t glyph, uint32_t index, void *context) {
    (void)index;
    CoveringContext *c = context;
    if (glyph < a->glyphCount && c->firstCovering[glyph] > c->subtable) c->firstCovering[glyph] = c->subtable;
    return 0;
}

// The classes of every glyph in a format 2 subtable's two ClassDefs, read as class_of reads
// them, when they fit in a bound (else the fast path reads them each time).
static void fill_classes(Analysis *a, PairSubtable *st, long *bytesLeft) {
    if (st->format != 2) return;
    long bytes = 2L * 2 * (long)a->glyphCount;
    if (bytes > *bytesLeft) return;
    st->classes1 = malloc((size_t)a->glyphCount * 2 + 2);
    st->classes2 = malloc((size_t)a->glyphCount * 2 + 2);
    if (!st->classes1 || !st->classes2 || !spend(&a->r, 2L * a->glyphCount)) {
        free(st->classes1), free(st->classes2);
        st->classes1 = st->classes2 = NULL;
        return;
    }
    *bytesLeft -= bytes;
    for (uint32_t g = 0; g < a->glyphCount; g++) {
        st->classes1[g] = (uint16_t)class_of(&a->r, st->at, st->classDef1, g);
        st->classes2[g] = (uint16_t)class_of(&a->r, st->at, st->classDef2, g);
    }
}

// One lookup of the plan. GSUB: every subtable takes out of s the glyphs its rules can start
// on in a word of candidates. GPOS: pair lookups are kept for the fast path (refused when
// their flags could skip a candidate), every other kind takes its first coverage out of s.
static int analyse_lookup(Analysis *a, Plan *plan, int isGSUB, uint32_t lookupList, uint32_t index,
                          uint32_t *subtableCapacity, int variable) {
    Reader *r = &a->r;
    uint32_t lookupCount = rd16(r, lookupList);
    if (index >= lookupCount) return 0;
    uint64_t lookup = (uint64_t)lookupList + rd16(r, (uint64_t)lookupList + 2 + 2 * (uint64_t)index);
    uint32_t type = rd16(r, lookup), flag = rd16(r, lookup + 2), count = rd16(r, lookup + 4);
    uint32_t extensionType = isGSUB ? 7 : 9;
    int pairs = 0;
    uint32_t first = plan->subtableCount;
    for (uint32_t s = 0; s < count && !r->failed; s++) {
        uint64_t at = lookup + rd16(r, lookup + 6 + 2 * (uint64_t)s);
        uint32_t kind = type;
        if (kind == extensionType) {
            if (rd16(r, at) != 1) return 0;
            kind = rd16(r, at + 2);
            if (kind == extensionType) return 0;
            at += rd32(r, at + 4);
        }
        if (isGSUB) {
            if (kind >= 1 && kind <= 3) coverage_remove(a, at, rd16(r, at + 2));
            else if (kind == 4) ligature_subtable(a, at);
            else if (kind == 5 || kind == 6) context_subtable(a, at, kind == 6);
            else if (kind == 8) reverse_subtable(a, at);
            else return 0;
        } else if (kind == 2) {
            // A pair lookup skips only glyphs its flags name; candidates are never marks.
            if (flag & (IGNORE_BASE | IGNORE_LIGATURES)) return 0;
            if (!add_pair_subtable(plan, r, at, subtableCapacity, variable)) return 0;
            pairs = 1;
        } else if (kind == 1 || kind == 3 || kind == 4 || kind == 5 || kind == 6) {
            coverage_remove(a, at, rd16(r, at + 2));
        } else if (kind == 7 || kind == 8) {
            context_subtable(a, at, kind == 8);
        } else {
            return 0;
        }
    }
    if (r->failed) return 0;
    if (!pairs) return 1;
    // Subtables of one lookup are of one type: a lookup mixing them is refused.
    if (plan->subtableCount - first != count) return 0;
    PairLookup *more = realloc(plan->lookups, (plan->lookupCount + 1) * sizeof(PairLookup));
    if (!more) return 0;
    plan->lookups = more;
    PairLookup *pl = &plan->lookups[plan->lookupCount++];
    pl->first = first;
    pl->count = count;
    pl->firstCovering = malloc((size_t)a->glyphCount * 2 + 2);
    if (!pl->firstCovering || count >= 0xFFFF) return 0;
    memset(pl->firstCovering, 0xFF, (size_t)a->glyphCount * 2 + 2);
    for (uint32_t i = first; i < plan->subtableCount && !r->failed; i++) {
        fill_classes(a, &plan->subtables[i], &a->classBytesLeft);
        if (plan->subtables[i].coverage == 0) continue;
        CoveringContext c = {pl->firstCovering, (uint16_t)(i - first)};
        each_covered(a, plan->subtables[i].at + plan->subtables[i].coverage, visit_covering, &c);
    }
    return !r->failed;
}

// HarfBuzz's default ignorables (hb_unicode_funcs_t::is_default_ignorable), BMP part.
static int hb_default_ignorable(uint32_t u) {
    switch (u >> 8) {
    case 0x00: return u == 0x00AD;
    case 0x03: return u == 0x034F;
    case 0x06: return u == 0x061C;
    case 0x17: return u >= 0x17B4 && u <= 0x17B5;
    case 0x18: return u >= 0x180B && u <= 0x180E;
    case 0x20: return (u >= 0x200B && u <= 0x200F) || (u >= 0x202A && u <= 0x202E) || (u >= 0x2060 && u <= 0x206F);
    case 0xFE: return (u >= 0xFE00 && u <= 0xFE0F) || u == 0xFEFF;
    case 0xFF: return u >= 0xFFF0 && u <= 0xFFF8;
    default: return 0;
    }
}

// Whether HarfBuzz maps a BMP code point straight to its nominal glyph and gives it no
// property a lookup or a later step looks at: not a mark (its general category, by
// HarfBuzz's own Unicode functions), control, format, surrogate, private use or unassigned
// character, line or paragraph separator, default ignorable, U+2044 (fractions), or a
// halfwidth katakana sound mark (a grapheme continuation).
static int simple_character(hb_unicode_funcs_t *unicode, uint32_t u) {
    if (u >= 0x10000 || u == 0x2044 || u == 0xFF9E || u == 0xFF9F || hb_default_ignorable(u)) return 0;
    switch (hb_unicode_general_category(unicode, u)) {
    case HB_UNICODE_GENERAL_CATEGORY_CONTROL:
    case HB_UNICODE_GENERAL_CATEGORY_FORMAT:
    case HB_UNICODE_GENERAL_CATEGORY_UNASSIGNED:
    case HB_UNICODE_GENERAL_CATEGORY_PRIVATE_USE:
    case HB_UNICODE_GENERAL_CATEGORY_SURROGATE:
    case HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_LINE_SEPARATOR:
    case HB_UNICODE_GENERAL_CATEGORY_PARAGRAPH_SEPARATOR: return 0;
    default: return 1;
    }
}

static int fraction_feature(hb_tag_t tag) {
    return tag == HB_TAG('f', 'r', 'a', 'c') || tag == HB_TAG('n', 'u', 'm', 'r') || tag == HB_TAG('d', 'n', 'o', 'm');
}

// Keeps in `lookups` (a plan's) only those some feature other than frac, numr and dnom
// lists: HarfBuzz turns those three on only around U+2044, which no simple word holds. A
// required feature is global whatever its tag: one tagged so keeps every lookup.
static void drop_fraction_lookups(hb_face_t *face, hb_tag_t table, hb_set_t *lookups) {
    unsigned int scriptCount = hb_ot_layout_table_get_script_tags(face, table, 0, NULL, NULL);
    for (unsigned int script = 0; script < scriptCount; script++) {
        unsigned int languageCount = hb_ot_layout_script_get_language_tags(face, table, script, 0, NULL, NULL);
        for (unsigned int language = 0; language <= languageCount; language++) {
            unsigned int index = language < languageCount ? language : HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX;
            unsigned int feature = 0;
            hb_tag_t tag = 0;
            if (hb_ot_layout_language_get_required_feature(face, table, script, index, &feature, &tag) &&
                fraction_feature(tag))
                return;
        }
    }
    unsigned int featureCount = hb_ot_layout_table_get_feature_tags(face, table, 0, NULL, NULL);
    hb_tag_t *tags = malloc((featureCount + 1) * sizeof(hb_tag_t));
    if (!tags) return;
    unsigned int got = featureCount;
    hb_ot_layout_table_get_feature_tags(face, table, 0, &got, tags);
    unsigned int kept = 0;
    for (unsigned int i = 0; i < got; i++)
        if (!fraction_feature(tags[i])) tags[kept++] = tags[i];
    tags[kept] = HB_TAG_NONE;
    hb_set_t *others = hb_set_create();
    // An empty list would mean "every feature" to HarfBuzz.
    if (kept > 0) hb_ot_layout_collect_lookups(face, table, NULL, NULL, tags, others);
    hb_set_intersect(lookups, others);
    hb_set_destroy(others);
    free(tags);
}

// Whether the plan's map holds a GPOS kern feature: kerning is not turned off and the
// script and language system HarfBuzz picks (hb_ot_map_builder_t) lists 'kern'.
static int gpos_kern_runs(hb_face_t *face, const Plan *plan) {
    for (unsigned int i = 0; i < plan->featureCount; i++)
        if (plan->features[i].tag == HB_TAG('k', 'e', 'r', 'n')) return 0;
    unsigned int scriptCount = HB_OT_MAX_TAGS_PER_SCRIPT, languageCount = HB_OT_MAX_TAGS_PER_LANGUAGE;
    hb_tag_t scripts[HB_OT_MAX_TAGS_PER_SCRIPT], languages[HB_OT_MAX_TAGS_PER_LANGUAGE];
    hb_ot_tags_from_script_and_language(plan->props.script, plan->props.language, &scriptCount, scripts,
                                        &languageCount, languages);
    unsigned int script = 0, language = 0, feature = 0;
    hb_tag_t chosen = 0;
    hb_ot_layout_table_select_script(face, HB_OT_TAG_GPOS, scriptCount, scripts, &script, &chosen);
    hb_ot_layout_script_select_language(face, HB_OT_TAG_GPOS, script, languageCount, languages, &language);
    return hb_ot_layout_language_find_feature(face, HB_OT_TAG_GPOS, script, language, HB_TAG('k', 'e', 'r', 'n'),
                                              &feature);
}

static int has_table(hb_face_t *face, hb_tag_t tag) {
    hb_blob_t *blob = hb_face_reference_table(face, tag);
    int has = hb_blob_get_length(blob) > 0;
    hb_blob_destroy(blob);
    return has;
}

// Works out a plan: which BMP code points are simple, and the pair lookups to apply.
void ts_simple_analyse(hb_font_t *font, FontCache *cache, Plan *plan, long *budget) {
    hb_face_t *face = hb_font_get_face(font);
    plan->usable = 0;
    // AAT shaping takes another route through HarfBuzz; so does a 'kern' table unless the
    // GPOS kern feature runs instead (hb_ot_shape_plan_t::init0).
    const char *refused[] = {"morx", "mort", "kerx", "trak", NULL};
    for (int i = 0; refused[i]; i++)
        if (has_table(face, hb_tag_from_string(refused[i], -1))) return;
    if (has_table(face, HB_TAG('k', 'e', 'r', 'n')) && !gpos_kern_runs(face, plan)) return;
    if (!hb_ot_layout_has_positioning(face) || cache->gposReader.length == 0) return;
    unsigned int coordCount = 0;
    const int *coords = hb_font_get_var_coords_normalized(font, &coordCount);
    unsigned int xppem = 0, yppem = 0;
    hb_font_get_ppem(font, &xppem, &yppem);
    int variable = coordCount > 0 || xppem || yppem;
    int xScale = 0, yScale = 0;
    hb_font_get_scale(font, &xScale, &yScale);
    unsigned int upem = hb_face_get_upem(face);
    if (upem == 0) return;
    plan->xMult = (xScale < 0 ? -((int64_t)-xScale << 16) : ((int64_t)xScale << 16)) / upem;
    plan->yMult = (yScale < 0 ? -((int64_t)-yScale << 16) : ((int64_t)yScale << 16)) / upem;
    hb_shape_plan_t *shapePlan = hb_shape_plan_create_cached2(face, &plan->props, plan->features, plan->featureCount,
                                                              coords, coordCount, NULL);
    if (!shapePlan || strcmp(hb_shape_plan_get_shaper(shapePlan), "ot") != 0) {
        hb_shape_plan_destroy(shapePlan);
        return;
    }
    hb_set_t *lookups[2] = {hb_set_create(), hb_set_create()};
    hb_ot_shape_plan_collect_lookups(shapePlan, HB_OT_TAG_GSUB, lookups[0]);
    hb_ot_shape_plan_collect_lookups(shapePlan, HB_OT_TAG_GPOS, lookups[1]);
    hb_shape_plan_destroy(shapePlan);
    drop_fraction_lookups(face, HB_OT_TAG_GSUB, lookups[0]);
    drop_fraction_lookups(face, HB_OT_TAG_GPOS, lookups[1]);

    Analysis a;
    memset(&a, 0, sizeof(a));
    a.glyphCount = hb_face_get_glyph_count(face);
    a.classBytesLeft = 1L << 22;
    plan->glyphCount = a.glyphCount;
    uint8_t *s0 = calloc(a.glyphCount / 8 + 1, 1);
    a.s = calloc(a.glyphCount / 8 + 1, 1);
    uint32_t *list = malloc((a.glyphCount + 1) * sizeof(uint32_t));
    hb_set_t *unicodes = hb_set_create();
    hb_unicode_funcs_t *unicode = hb_unicode_funcs_get_default();
    int ok = s0 && a.s && list;
    if (ok) {
        a.s0 = s0;
        a.list = list;
        hb_face_collect_unicodes(face, unicodes);
        int classes = hb_ot_layout_has_glyph_classes(face);
        for (hb_codepoint_t cp = HB_SET_VALUE_INVALID; hb_set_next(unicodes, &cp) && cp < 0x10000;) {
            hb_codepoint_t glyph = 0;
            if (!simple_character(unicode, cp) || !hb_font_get_nominal_glyph(font, cp, &glyph) || glyph == 0 ||
                glyph >= a.glyphCount)
                continue;
            if (classes && hb_ot_layout_get_glyph_class(face, glyph) == HB_OT_LAYOUT_GLYPH_CLASS_MARK) continue;
            s0[glyph >> 3] |= (uint8_t)(1u << (glyph & 7));
        }
        for (uint32_t g = 0; g < a.glyphCount; g++)
            if (in_set(s0, g, a.glyphCount)) list[a.listCount++] = g;
        memcpy(a.s, s0, a.glyphCount / 8 + 1);
    }
    uint32_t subtableCapacity = 0;
    for (int t = 0; t < 2 && ok; t++) {
        hb_blob_t *blob = t == 0 ? hb_face_reference_table(face, HB_OT_TAG_GSUB) : hb_blob_reference(cache->gpos);
        unsigned int length = 0;
        a.r.bytes = (const uint8_t *)hb_blob_get_data(blob, &length);
        a.r.length = length;
        a.r.failed = 0;
        a.r.budget = *budget;
        for (int i = 0; i < 3; i++) a.classAt[i] = (uint64_t)-1;
        if (length > 0) {
            uint32_t lookupList = rd16(&a.r, 8);
            for (hb_codepoint_t index = HB_SET_VALUE_INVALID; ok && hb_set_next(lookups[t], &index);)
                ok = analyse_lookup(&a, plan, t == 0, lookupList, index, &subtableCapacity, variable) && !a.r.failed;
        } else if (!hb_set_is_empty(lookups[t])) {
            ok = 0;
        }
        *budget = a.r.budget;
        if (*budget < 0) ok = 0;
        hb_blob_destroy(blob);
    }
    for (hb_codepoint_t cp = HB_SET_VALUE_INVALID; ok && hb_set_next(unicodes, &cp) && cp < 0x10000;) {
        hb_codepoint_t glyph = 0;
        if (!simple_character(unicode, cp) || !hb_font_get_nominal_glyph(font, cp, &glyph)) continue;
        if (in_set(a.s, glyph, a.glyphCount)) plan->simple[cp >> 3] |= (uint8_t)(1u << (cp & 7));
    }
    hb_set_destroy(unicodes);
    hb_set_destroy(lookups[0]);
    hb_set_destroy(lookups[1]);
    for (int i = 0; i < 3; i++) free(a.classes[i]);
    free(s0);
    free(a.s);
    free(list);
    plan->usable = ok;
}
