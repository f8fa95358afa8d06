// How far a rule involving the space reaches from each glyph it can take as input, for
// cutting runs next to spaces far enough from such glyphs (SpaceZones.swift), and which
// glyphs may stand for a character that counts towards that distance. Part of the space
// analysis (space.c); every glyph of a coverage range visited is charged to the face's
// budget. docs/typesetting.md ("Cutting next to spaces") gives the rule; SpaceZoneTests pins it.
#include "space_internal.h"

#include <stdlib.h>
#include <string.h>

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
    Reader *r = &t->r;
    if (type == 7) {
        uint32_t inner = rd16(r, offset + 2);
        if (extension || rd16(r, offset) != 1 || inner == 7) {
            r->failed = 1;
            return;
        }
        map_subtable(t, inner, offset + rd32(r, offset + 4), flag, 1, next);
        return;
    }
    if (type < 1 || type > 8 || type == 5 || type == 6) return;
    if (type == 4 && t->joins && (flag & (IGNORE_BASE | IGNORE_LIGATURES))) r->failed = 1;
    if (type == 4 && t->joins && (flag & (IGNORE_MARKS | USE_MARK_FILTERING | MARK_TYPE))) t->skipsMarks = 1;
    uint32_t format = rd16(r, offset);
    uint64_t coverage = offset + rd16(r, offset + 2);
    uint64_t substitutes = offset + 6; // single format 2: glyphCount, then the glyphs
    if (type == 8) {
        uint32_t backtrack = rd16(r, offset + 4);
        uint64_t at = offset + 6 + 2 * (uint64_t)backtrack;
        at += 2 + 2 * (uint64_t)rd16(r, at);
        substitutes = at + 2; // glyphCount at `at`
    }
    if (format != 1 && !(type == 1 && format == 2)) {
        r->failed = 1;
        return;
    }
    // Every (coverage index, glyph) of the coverage.
    uint32_t coverageFormat = rd16(r, coverage), entries = rd16(r, coverage + 2);
    uint32_t index = 0;
    for (uint32_t e = 0; e < entries && !r->failed; e++) {
        uint32_t first = 0, last = 0;
        if (!coverage_entry(r, coverage, coverageFormat, e, &first, &last, &index)) break;
        if (last < first) r->failed = 1;
        for (hb_codepoint_t glyph = first; glyph <= last && !r->failed; glyph++, index++) {
            if (!spend_table(t, 1)) return;
            if (type == 4) {
                uint64_t set = offset + rd16(r, offset + 6 + 2 * (uint64_t)index);
                if (index >= rd16(r, offset + 4)) r->failed = 1;
                uint32_t count = rd16(r, set);
                for (uint32_t l = 0; l < count && !r->failed; l++) {
                    uint64_t ligature = set + rd16(r, set + 2 + 2 * (uint64_t)l);
                    uint32_t components = rd16(r, ligature + 2);
                    if (!spend_table(t, 1 + (long)components)) return;
                    if (t->reachMode) {
                        carry_reach(t, glyph, rd16(r, ligature));
                        for (uint32_t c = 1; c < components && !r->failed; c++)
                            carry_reach(t, rd16(r, ligature + 4 + 2 * (uint64_t)(c - 1)), rd16(r, ligature));
                        continue;
                    }
                    int any = hb_set_has(t->counting, glyph);
                    for (uint32_t c = 1; c < components && !r->failed; c++) {
                        hb_codepoint_t component = rd16(r, ligature + 4 + 2 * (uint64_t)(c - 1));
                        if (!hb_set_has(t->counting, component)) continue;
                        any = 1;
                        if (t->joins) hb_set_add(t->ligatureSeeds, component);
                    }
                    if (any) hb_set_add(next, rd16(r, ligature));
                }
                continue;
            }
            if (!t->reachMode && !hb_set_has(t->counting, glyph)) continue;
            if (type == 1 && format == 1) {
                hb_codepoint_t to = (glyph + rd16(r, offset + 4)) & 0xFFFF;
                if (t->reachMode) carry_reach(t, glyph, to); else hb_set_add(next, to);
            } else if ((type == 1 && format == 2) || type == 8) {
                if (index >= rd16(r, substitutes - 2)) r->failed = 1;
                hb_codepoint_t to = rd16(r, substitutes + 2 * (uint64_t)index);
                if (t->reachMode) carry_reach(t, glyph, to); else hb_set_add(next, to);
            } else {
                // Multiple (2): a sequence; alternate (3): an alternate set.
                if (index >= rd16(r, offset + 4)) r->failed = 1;
                uint64_t list = offset + rd16(r, offset + 6 + 2 * (uint64_t)index);
                uint32_t count = rd16(r, list);
                if (!spend_table(t, count)) return;
                for (uint32_t g = 0; g < count && (type == 3 || g == 0 || t->reachMode) && !r->failed; g++) {
                    hb_codepoint_t to = rd16(r, list + 2 + 2 * (uint64_t)g);
                    if (t->reachMode) carry_reach(t, glyph, to); else hb_set_add(next, to);
                }
            }
        }
    }
}

// The subtables of every lookup of the table through map_subtable, once.
static void map_all(Table *t, hb_set_t *next) {
    Reader *r = &t->r;
    for (uint32_t index = 0; index < t->lookupCount && !r->failed; index++) {
        uint64_t lookup = (uint64_t)t->lookupList + rd16(r, (uint64_t)t->lookupList + 2 + 2 * (uint64_t)index);
        uint32_t type = rd16(r, lookup), flag = rd16(r, lookup + 2), count = rd16(r, lookup + 4);
        // Only lookups that run (the default features' and those they call) join glyphs.
        t->joins = t->state[index] == 2;
        for (uint32_t s = 0; s < count && spend_table(t, 1); s++)
            map_subtable(t, type, lookup + rd16(r, lookup + 6 + 2 * (uint64_t)s), flag, 0, next);
    }
}

int map_counting(Table *t) {
    for (int pass = 0; pass < 64 && !t->r.failed; pass++) {
        hb_set_t *next = hb_set_copy(t->counting);
        map_all(t, next);
        int settled = hb_set_get_population(next) == hb_set_get_population(t->counting);
        hb_set_set(t->counting, next);
        hb_set_destroy(next);
        if (settled) return !t->r.failed;
    }
    return 0;
}

uint32_t multiple_subtable(Table *t, uint64_t offset) {
    Reader *r = &t->r;
    uint32_t longest = 1;
    if (rd16(r, offset) != 1) {
        r->failed = 1;
        return longest;
    }
    // HarfBuzz deletes a glyph whose sequence is empty: the coverage's glyphs, each with its
    // coverage index, against the sequences.
    uint64_t coverage = offset + rd16(r, offset + 2);
    uint32_t sequences = rd16(r, offset + 4);
    uint32_t coverageFormat = rd16(r, coverage), entries = rd16(r, coverage + 2);
    for (uint32_t e = 0; e < entries && !r->failed; e++) {
        uint32_t first, last, index;
        if (!coverage_entry(r, coverage, coverageFormat, e, &first, &last, &index)) return longest;
        for (uint32_t glyph = first; glyph <= last && index < sequences && spend_table(t, 1); glyph++, index++) {
            uint64_t sequence = offset + rd16(r, offset + 6 + 2 * (uint64_t)index);
            uint32_t length = rd16(r, sequence);
            if (length == 0) hb_set_add(t->deletionSeeds, glyph);
            if (length > longest) longest = length;
        }
    }
    return longest;
}

int map_reach(Table *t) {
    t->reachMode = 1;
    for (int pass = 0; pass < 64 && !t->r.failed; pass++) {
        t->changed = 0;
        map_all(t, NULL);
        if (!t->changed) {
            t->reachMode = 0;
            return !t->r.failed;
        }
    }
    t->reachMode = 0;
    return 0;
}

static void raise_reach(Table *t, hb_codepoint_t glyph, int left, int right) {
    if (left > 15 || right > 15) t->r.failed = 1;
    if (glyph >= t->glyphCount || t->r.failed) return;
    if (t->left[glyph] < left) t->left[glyph] = (uint8_t)left;
    if (t->right[glyph] < right) t->right[glyph] = (uint8_t)right;
}

// Raises the reach of every glyph the Coverage at `offset` lists, each glyph charged.
static void coverage_raise(Table *t, uint64_t offset, int left, int right) {
    Reader *r = &t->r;
    uint32_t format = rd16(r, offset), entries = rd16(r, offset + 2);
    for (uint32_t e = 0; e < entries && !r->failed; e++) {
        hb_codepoint_t first, last;
        if (format == 1) {
            first = last = rd16(r, offset + 4 + 2 * (uint64_t)e);
        } else if (format == 2) {
            first = rd16(r, offset + 4 + 6 * (uint64_t)e);
            last = rd16(r, offset + 6 + 6 * (uint64_t)e);
        } else {
            r->failed = 1;
            return;
        }
        for (hb_codepoint_t g = first; g <= last && spend_table(t, 1); g++) raise_reach(t, g, left, right);
    }
}

// Whether the Coverage at `base + offset` lists the space, looked up as HarfBuzz does.
static int covers_space(Table *t, uint64_t base, uint32_t offset) {
    if (!spend_table(t, 16)) return 0;
    return coverage_index(&t->r, base, offset, t->space) != NOT_COVERED;
}

// Whether lookup `index` is a (chained) context lookup (directly or through extensions): one
// that a rule calls may itself match the space around the glyph it is called on.
static int is_context_lookup(Table *t, uint32_t index) {
    Reader *r = &t->r;
    if (index >= t->lookupCount) return 1;
    uint64_t lookup = (uint64_t)t->lookupList + rd16(r, (uint64_t)t->lookupList + 2 + 2 * (uint64_t)index);
    uint32_t type = rd16(r, lookup), count = rd16(r, lookup + 4);
    uint32_t context = t->isGSUB ? 5 : 7, chain = t->isGSUB ? 6 : 8, extension = t->isGSUB ? 7 : 9;
    if (type == context || type == chain) return 1;
    for (uint32_t s = 0; type == extension && s < count && spend_table(t, 1); s++) {
        uint32_t inner = rd16(r, lookup + rd16(r, lookup + 6 + 2 * (uint64_t)s) + 2);
        if (inner == context || inner == chain) return 1;
    }
    return r->failed;
}

// A subtable of a lookup involving the space. When it can match the space (or calls a context
// lookup, which may), each glyph it can match as input gets the reach of its rules: how many
// unskippable glyphs a rule window holds left and right of that input position (a called
// lookup may reach its own window further either way). Raises `*reach` to its widest window.
// Anything but a (chained) context subtable fails: the space would be an input glyph, which
// keeps every run whole anyway.
void seed_subtable(Table *t, uint32_t type, uint64_t offset, int extension, int32_t *reach) {
    Reader *r = &t->r;
    int contextType = t->isGSUB ? 5 : 7, chainType = t->isGSUB ? 6 : 8, extensionType = t->isGSUB ? 7 : 9;
    if (type == extensionType) {
        uint32_t inner = rd16(r, offset + 2);
        if (extension || rd16(r, offset) != 1 || inner == extensionType) {
            r->failed = 1;
            return;
        }
        seed_subtable(t, inner, offset + rd32(r, offset + 4), 1, reach);
        return;
    }
    if (type != contextType && type != chainType) {
        r->failed = 1;
        return;
    }
    int chained = type == chainType;
    uint32_t format = rd16(r, offset);
    LookupFacts facts;
    memset(&facts, 0, sizeof(facts));
    context_subtable(t, offset, chained, 0, &facts);
    if (r->failed) return;
    if (format == 3) {
        uint32_t backtrack = 0, input, lookahead = 0;
        uint64_t backtrackAt = 0, inputAt, lookaheadAt = 0, recordsAt;
        uint32_t records;
        if (chained) {
            backtrack = rd16(r, offset + 2);
            backtrackAt = offset + 4;
            input = rd16(r, backtrackAt + 2 * (uint64_t)backtrack);
            inputAt = backtrackAt + 2 * (uint64_t)backtrack + 2;
            lookahead = rd16(r, inputAt + 2 * (uint64_t)input);
            lookaheadAt = inputAt + 2 * (uint64_t)input + 2;
            records = rd16(r, lookaheadAt + 2 * (uint64_t)lookahead);
            recordsAt = lookaheadAt + 2 * (uint64_t)lookahead + 2;
        } else {
            input = rd16(r, offset + 2);
            records = rd16(r, offset + 4);
            inputAt = offset + 6;
            recordsAt = inputAt + 2 * (uint64_t)input;
        }
        int mentions = 0;
        for (uint32_t i = 0; i < backtrack && !mentions; i++)
            mentions = covers_space(t, offset, rd16(r, backtrackAt + 2 * (uint64_t)i));
        for (uint32_t i = 0; i < input && !mentions; i++)
            mentions = covers_space(t, offset, rd16(r, inputAt + 2 * (uint64_t)i));
        for (uint32_t i = 0; i < lookahead && !mentions; i++)
            mentions = covers_space(t, offset, rd16(r, lookaheadAt + 2 * (uint64_t)i));
        // A called context lookup may match the space within the window it adds.
        for (uint32_t i = 0; i < records && !mentions; i++)
            mentions = is_context_lookup(t, rd16(r, recordsAt + 4 * (uint64_t)i + 2));
        if (!mentions || r->failed) return;
        // What the called lookups add to the window either way (their facts are known).
        int32_t extra = 0;
        for (uint32_t i = 0; i < records && !r->failed; i++) {
            const LookupFacts *nested = lookup_facts(t, rd16(r, recordsAt + 4 * (uint64_t)i + 2));
            if (!nested) return;
            if (nested->window > 1) extra += nested->window - 1;
        }
        for (uint32_t p = 0; p < input && !r->failed; p++)
            coverage_raise(t, offset + rd16(r, inputAt + 2 * (uint64_t)p), (int)(backtrack + p) + extra,
                           (int)(input - 1 - p + lookahead) + extra);
    } else {
        // Formats 1 and 2: every glyph the subtable can match as input reaches its widest
        // window either way (format 1 is taken to involve the space too).
        int32_t window = facts.window;
        coverage_raise(t, offset + rd16(r, offset + 2), window, window);
        if (format == 2) {
            uint64_t classDef = offset + rd16(r, offset + (chained ? 6 : 4));
            uint32_t classFormat = rd16(r, classDef);
            if (classFormat == 1) {
                uint32_t start = rd16(r, classDef + 2), count = rd16(r, classDef + 4);
                for (uint32_t i = 0; i < count && spend_table(t, 1); i++)
                    if (rd16(r, classDef + 6 + 2 * (uint64_t)i) != 0) raise_reach(t, start + i, window, window);
            } else if (classFormat == 2) {
                uint32_t ranges = rd16(r, classDef + 2);
                for (uint32_t i = 0; i < ranges && spend_table(t, 1); i++) {
                    uint64_t range = classDef + 4 + 6 * (uint64_t)i;
                    if (rd16(r, range + 4) == 0) continue;
                    uint32_t last = rd16(r, range + 2);
                    for (hb_codepoint_t g = rd16(r, range); g <= last && g < t->glyphCount && spend_table(t, 1); g++)
                        raise_reach(t, g, window, window);
                }
            } else {
                r->failed = 1;
            }
        } else {
            // Format 1: the rest of each rule's input glyphs.
            uint32_t sets = rd16(r, offset + 4);
            for (uint32_t i = 0; i < sets && spend_table(t, 1); i++) {
                uint32_t setOffset = rd16(r, offset + 6 + 2 * (uint64_t)i);
                if (setOffset == 0) continue;
                uint64_t set = offset + setOffset;
                uint32_t rules = rd16(r, set);
                for (uint32_t k = 0; k < rules && spend_table(t, 1); k++) {
                    uint64_t at = set + rd16(r, set + 2 + 2 * (uint64_t)k);
                    if (chained) at += 2 + 2 * (uint64_t)rd16(r, at);
                    uint32_t count = rd16(r, at);
                    uint64_t glyphs = at + (chained ? 2 : 4);
                    for (uint32_t g = 0; g + 1 < count && spend_table(t, 1); g++)
                        raise_reach(t, rd16(r, glyphs + 2 * (uint64_t)g), window, window);
                }
            }
        }
    }
    if (facts.window > *reach) *reach = facts.window;
}
