// The glyphs a lookup names, as HarfBuzz's hb_ot_layout_lookup_collect_glyphs gives them
// (before, input, after and output sets; a context lookup's output is what the lookups it
// calls output), read here instead because HarfBuzz's walk has no bound: collecting one
// class-based lookup of Noto Nastaliq Urdu takes it 30 ms, every class of every rule walking
// the whole class definition again. Here every glyph, range and rule visited is charged to
// the face's budget, each class definition is walked once per subtable, and each lookup's
// output is worked out once. Class 0 ("any other glyph") is left out, as HarfBuzz leaves it
// out; space.c reads it from the rules (LookupFacts). Part of the space analysis (space.c).
#include "space_internal.h"

#include <stdlib.h>
#include <string.h>

// Adds first..last to `set`, charged per 512 glyphs.
static void add_range(Table *t, hb_set_t *set, uint32_t first, uint32_t last) {
    if (last < first || !spend_table(t, 1 + (long)((last - first) >> 9))) return;
    hb_set_add_range(set, first, last);
}

// Adds the glyphs of the Coverage at `at`.
static void add_coverage(Table *t, hb_set_t *set, uint64_t at) {
    Reader *r = &t->r;
    uint32_t format = rd16(r, at), count = rd16(r, at + 2);
    if (!spend_table(t, 1)) return;
    for (uint32_t e = 0; e < count && !r->failed; e++) {
        if (format == 1) {
            if (!spend_table(t, 1)) return;
            hb_set_add(set, rd16(r, at + 4 + 2 * (uint64_t)e));
        } else if (format == 2) {
            add_range(t, set, rd16(r, at + 4 + 6 * (uint64_t)e), rd16(r, at + 6 + 6 * (uint64_t)e));
        } else {
            r->failed = 1;
        }
    }
}

// Adds the glyphs the ClassDef at `at` (0: none listed) gives a class in `classes` (class 0
// left out).
static void add_classes(Table *t, hb_set_t *set, uint64_t at, const hb_set_t *classes) {
    Reader *r = &t->r;
    if (at == 0 || hb_set_is_empty(classes)) return;
    uint32_t format = rd16(r, at);
    if (format == 1) {
        uint32_t start = rd16(r, at + 2), count = rd16(r, at + 4);
        if (!spend_table(t, 1 + (long)count)) return;
        for (uint32_t i = 0; i < count && !r->failed; i++) {
            uint32_t value = rd16(r, at + 6 + 2 * (uint64_t)i);
            if (value != 0 && hb_set_has(classes, value)) hb_set_add(set, start + i);
        }
    } else if (format == 2) {
        uint32_t count = rd16(r, at + 2);
        for (uint32_t i = 0; i < count && spend_table(t, 1); i++) {
            uint64_t range = at + 4 + 6 * (uint64_t)i;
            uint32_t value = rd16(r, range + 4);
            if (value != 0 && hb_set_has(classes, value)) add_range(t, set, rd16(r, range), rd16(r, range + 2));
        }
    } else {
        r->failed = 1;
    }
}

static void collect_lookup(Table *t, uint32_t index, LookupGlyphs *out, int depth);

// Adds the output of the lookups that `count` records at `records` call.
static void add_nested(Table *t, uint64_t records, uint32_t count, LookupGlyphs *out, int depth) {
    for (uint32_t i = 0; i < count && spend_table(t, 1); i++) {
        uint32_t nested = rd16(&t->r, records + 4 * (uint64_t)i + 2);
        if (nested >= t->lookupCount || depth > 8) {
            t->r.failed = 1;
            return;
        }
        if (!t->outputs[nested]) {
            LookupGlyphs glyphs = {hb_set_create(), hb_set_create(), hb_set_create(), hb_set_create()};
            t->outputs[nested] = glyphs.output;
            collect_lookup(t, nested, &glyphs, depth + 1);
            hb_set_destroy(glyphs.before);
            hb_set_destroy(glyphs.input);
            hb_set_destroy(glyphs.after);
        }
        hb_set_union(out->output, t->outputs[nested]);
    }
}

// A (chained) context subtable.
static void collect_context(Table *t, uint64_t at, int chained, LookupGlyphs *out, int depth) {
    Reader *r = &t->r;
    uint32_t format = rd16(r, at);
    if (format == 3) {
        uint32_t backtrack = 0, input, lookahead = 0, records;
        uint64_t p = at + 2, backtrackAt = 0, inputAt, lookaheadAt = 0, recordsAt;
        if (chained) {
            backtrack = rd16(r, p);
            backtrackAt = p + 2;
            p += 2 + 2 * (uint64_t)backtrack;
            input = rd16(r, p);
            inputAt = p + 2;
            p += 2 + 2 * (uint64_t)input;
            lookahead = rd16(r, p);
            lookaheadAt = p + 2;
            p += 2 + 2 * (uint64_t)lookahead;
            records = rd16(r, p);
            recordsAt = p + 2;
        } else {
            input = rd16(r, at + 2);
            records = rd16(r, at + 4);
            inputAt = at + 6;
            recordsAt = inputAt + 2 * (uint64_t)input;
        }
        for (uint32_t i = 0; i < backtrack && !r->failed; i++) add_coverage(t, out->before, at + rd16(r, backtrackAt + 2 * (uint64_t)i));
        for (uint32_t i = 0; i < input && !r->failed; i++) add_coverage(t, out->input, at + rd16(r, inputAt + 2 * (uint64_t)i));
        for (uint32_t i = 0; i < lookahead && !r->failed; i++) add_coverage(t, out->after, at + rd16(r, lookaheadAt + 2 * (uint64_t)i));
        add_nested(t, recordsAt, records, out, depth);
        return;
    }
    if (format != 1 && format != 2) {
        r->failed = 1;
        return;
    }
    add_coverage(t, out->input, at + rd16(r, at + 2));
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
    // Format 1 names glyphs, which go straight in; format 2 names classes, whose glyphs are
    // added once the rules are read.
    hb_set_t *used[3] = {hb_set_create(), hb_set_create(), hb_set_create()};
    hb_set_t *targets[3] = {out->before, out->input, out->after};
    uint32_t sets = rd16(r, setsAt);
    for (uint32_t s = 0; s < sets && spend_table(t, 1); s++) {
        uint32_t setOffset = rd16(r, setsAt + 2 + 2 * (uint64_t)s);
        if (setOffset == 0) continue;
        uint64_t set = at + setOffset;
        if (format == 2 && s != 0) hb_set_add(used[1], s);
        uint32_t rules = rd16(r, set);
        for (uint32_t k = 0; k < rules && spend_table(t, 1); k++) {
            uint64_t p = set + rd16(r, set + 2 + 2 * (uint64_t)k);
            uint32_t counts[3] = {0, 0, 0}, records;
            uint64_t positions[3];
            if (chained) {
                counts[0] = rd16(r, p);
                positions[0] = p + 2;
                p += 2 + 2 * (uint64_t)counts[0];
            }
            uint32_t input = rd16(r, p);
            if (input == 0) {
                r->failed = 1;
                break;
            }
            counts[1] = input - 1;
            positions[1] = p + (chained ? 2 : 4);
            if (!chained) records = rd16(r, p + 2);
            p = positions[1] + 2 * (uint64_t)counts[1];
            if (chained) {
                counts[2] = rd16(r, p);
                positions[2] = p + 2;
                p += 2 + 2 * (uint64_t)counts[2];
                records = rd16(r, p);
                p += 2;
            }
            for (int kind = 0; kind < 3 && !r->failed; kind++) {
                if (!spend_table(t, counts[kind])) break;
                for (uint32_t i = 0; i < counts[kind]; i++) {
                    uint32_t value = rd16(r, positions[kind] + 2 * (uint64_t)i);
                    hb_set_add(format == 1 ? targets[kind] : used[kind], value);
                }
            }
            add_nested(t, p, records, out, depth);
        }
    }
    if (format == 2) {
        uint32_t classDefs[3] = {backtrackClasses, inputClasses, lookaheadClasses};
        for (int kind = 0; kind < 3; kind++) {
            hb_set_del(used[kind], 0);
            if (classDefs[kind]) add_classes(t, targets[kind], at + classDefs[kind], used[kind]);
        }
    }
    for (int kind = 0; kind < 3; kind++) hb_set_destroy(used[kind]);
}

static void collect_subtable(Table *t, uint32_t type, uint64_t at, int extension, LookupGlyphs *out, int depth) {
    Reader *r = &t->r;
    if (!spend_table(t, 1)) return;
    uint32_t extensionType = t->isGSUB ? 7 : 9;
    if (type == extensionType) {
        uint32_t inner = rd16(r, at + 2);
        if (extension || rd16(r, at) != 1 || inner == extensionType) {
            r->failed = 1;
            return;
        }
        collect_subtable(t, inner, at + rd32(r, at + 4), 1, out, depth);
        return;
    }
    uint32_t format = rd16(r, at);
    if (t->isGSUB && type >= 1 && type <= 3) {
        // Single, multiple, alternate: the coverage's glyphs and what they become.
        add_coverage(t, out->input, at + rd16(r, at + 2));
        if (type == 1 && format == 1) {
            hb_set_t *covered = hb_set_create();
            add_coverage(t, covered, at + rd16(r, at + 2));
            uint32_t delta = rd16(r, at + 4);
            for (hb_codepoint_t g = HB_SET_VALUE_INVALID; hb_set_next(covered, &g) && spend_table(t, 1);)
                hb_set_add(out->output, (g + delta) & 0xFFFF);
            hb_set_destroy(covered);
        } else if (type == 1 && format == 2) {
            uint32_t count = rd16(r, at + 4);
            if (!spend_table(t, count)) return;
            for (uint32_t i = 0; i < count; i++) hb_set_add(out->output, rd16(r, at + 6 + 2 * (uint64_t)i));
        } else if (format == 1 && type != 1) {
            uint32_t count = rd16(r, at + 4);
            for (uint32_t i = 0; i < count && spend_table(t, 1); i++) {
                uint64_t list = at + rd16(r, at + 6 + 2 * (uint64_t)i);
                uint32_t glyphs = rd16(r, list);
                if (!spend_table(t, glyphs)) return;
                for (uint32_t g = 0; g < glyphs; g++) hb_set_add(out->output, rd16(r, list + 2 + 2 * (uint64_t)g));
            }
        } else {
            r->failed = 1;
        }
    } else if (t->isGSUB && type == 4) {
        // Ligatures: the first glyphs, every component, the ligatures.
        if (format != 1) {
            r->failed = 1;
            return;
        }
        add_coverage(t, out->input, at + rd16(r, at + 2));
        uint32_t sets = rd16(r, at + 4);
        for (uint32_t s = 0; s < sets && spend_table(t, 1); s++) {
            uint64_t set = at + rd16(r, at + 6 + 2 * (uint64_t)s);
            uint32_t count = rd16(r, set);
            for (uint32_t l = 0; l < count && spend_table(t, 1); l++) {
                uint64_t ligature = set + rd16(r, set + 2 + 2 * (uint64_t)l);
                uint32_t components = rd16(r, ligature + 2);
                if (!spend_table(t, components)) return;
                hb_set_add(out->output, rd16(r, ligature));
                for (uint32_t c = 1; c < components; c++) hb_set_add(out->input, rd16(r, ligature + 4 + 2 * (uint64_t)(c - 1)));
            }
        }
    } else if (type == (t->isGSUB ? 5u : 7u) || type == (t->isGSUB ? 6u : 8u)) {
        collect_context(t, at, type == (t->isGSUB ? 6u : 8u), out, depth);
    } else if (t->isGSUB && type == 8) {
        // Reverse chaining: coverages, then the substitutes.
        if (format != 1) {
            r->failed = 1;
            return;
        }
        add_coverage(t, out->input, at + rd16(r, at + 2));
        uint32_t backtrack = rd16(r, at + 4);
        for (uint32_t i = 0; i < backtrack && !r->failed; i++) add_coverage(t, out->before, at + rd16(r, at + 6 + 2 * (uint64_t)i));
        uint64_t p = at + 6 + 2 * (uint64_t)backtrack;
        uint32_t lookahead = rd16(r, p);
        for (uint32_t i = 0; i < lookahead && !r->failed; i++) add_coverage(t, out->after, at + rd16(r, p + 2 + 2 * (uint64_t)i));
        p += 2 + 2 * (uint64_t)lookahead;
        uint32_t count = rd16(r, p);
        if (!spend_table(t, count)) return;
        for (uint32_t i = 0; i < count; i++) hb_set_add(out->output, rd16(r, p + 2 + 2 * (uint64_t)i));
    } else if (!t->isGSUB && type == 1) {
        add_coverage(t, out->input, at + rd16(r, at + 2));
    } else if (!t->isGSUB && type == 2) {
        // Pairs: the first glyphs, and the second glyphs named (format 1) or classed other
        // than 0 (format 2; class 0 is pair_subtable's).
        add_coverage(t, out->input, at + rd16(r, at + 2));
        if (format == 1) {
            uint32_t len1 = (uint32_t)__builtin_popcount(rd16(r, at + 4));
            uint32_t len2 = (uint32_t)__builtin_popcount(rd16(r, at + 6));
            uint32_t sets = rd16(r, at + 8);
            for (uint32_t s = 0; s < sets && spend_table(t, 1); s++) {
                uint64_t set = at + rd16(r, at + 10 + 2 * (uint64_t)s);
                uint32_t count = rd16(r, set);
                if (!spend_table(t, count)) return;
                for (uint32_t i = 0; i < count; i++)
                    hb_set_add(out->input, rd16(r, set + 2 + 2 * (uint64_t)(1 + len1 + len2) * i));
            }
        } else if (format == 2) {
            hb_set_t *classes = hb_set_create();
            uint32_t class2Count = rd16(r, at + 14);
            if (class2Count > 1) hb_set_add_range(classes, 1, class2Count - 1);
            uint32_t classDef2 = rd16(r, at + 10);
            if (classDef2) add_classes(t, out->input, at + classDef2, classes);
            hb_set_destroy(classes);
        } else {
            r->failed = 1;
        }
    } else if (!t->isGSUB && type == 3) {
        add_coverage(t, out->input, at + rd16(r, at + 2));
    } else if (!t->isGSUB && type >= 4 && type <= 6) {
        // Mark attachment: the marks and what they attach to.
        add_coverage(t, out->input, at + rd16(r, at + 2));
        add_coverage(t, out->input, at + rd16(r, at + 4));
    } else {
        r->failed = 1;
    }
}

static void collect_lookup(Table *t, uint32_t index, LookupGlyphs *out, int depth) {
    Reader *r = &t->r;
    if (index >= t->lookupCount || depth > 8) {
        r->failed = 1;
        return;
    }
    uint64_t lookup = (uint64_t)t->lookupList + rd16(r, (uint64_t)t->lookupList + 2 + 2 * (uint64_t)index);
    uint32_t type = rd16(r, lookup), count = rd16(r, lookup + 4);
    for (uint32_t s = 0; s < count && !r->failed; s++)
        collect_subtable(t, type, lookup + rd16(r, lookup + 6 + 2 * (uint64_t)s), 0, out, depth);
}

void collect_glyphs(Table *t, uint32_t index, LookupGlyphs *out) {
    hb_set_clear(out->before);
    hb_set_clear(out->input);
    hb_set_clear(out->after);
    hb_set_clear(out->output);
    if (!t->outputs) {
        t->outputs = calloc(t->lookupCount + 1, sizeof(hb_set_t *));
        if (!t->outputs) {
            t->r.failed = 1;
            return;
        }
    }
    collect_lookup(t, index, out, 0);
}

void collect_free(Table *t) {
    for (uint32_t i = 0; t->outputs && i < t->lookupCount; i++) hb_set_destroy(t->outputs[i]);
    free(t->outputs);
    t->outputs = NULL;
}
