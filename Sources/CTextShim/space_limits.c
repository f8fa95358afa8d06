// Whether any text can bring HarfBuzz 6.0 to its limits on one buffer, part of the space
// analysis (space.c). HarfBuzz stops adding glyphs to a buffer past 64 per character (and at
// least 16,384; HB_BUFFER_MAX_LEN_*) and stops calling nested lookups after 1,024 calls per
// character (and at least 16,384; HB_BUFFER_MAX_OPS_*), counted over the whole buffer: a line
// could stop where the words cut from it go on. scripts/make_shaping_fonts.py builds fonts
// that reach both (`limit-glyphs`, `limit-calls`); ExactShapingTests pins that their runs stay
// whole. A face whose lookups can come near either keeps every run whole.
//
// The bound: before GSUB a character becomes at most 5 glyphs (a canonical decomposition of 4
// and a dotted circle). A lookup runs once over the buffer per stage it is listed in, and each
// application adds at most its `added` glyphs, so the glyphs descending from one character
// number at most the product of (1 + added) over the lookups that can act on them in turn: a
// lookup that adds glyphs can act on those another made only if that one's output, through
// any substitutions, meets its input. The product is taken over each group of lookups so
// linked, the largest kept (GROWTH_LIMIT). Nested calls at one position, summed over every
// lookup and stage, times that growth, stay below CALL_LIMIT.
#include "space_internal.h"

#include <hb-ot.h>
#include <stdlib.h>
#include <string.h>

#define GROWTH_LIMIT 12
#define CALL_LIMIT 200
#define CAP 100000

static long set_cost(const hb_set_t *set) { return 1 + (long)(hb_set_get_population(set) >> 6); }
static int64_t capped(int64_t value) { return value > CAP ? CAP : value; }

static int find(int *parent, int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

int buffer_limits(hb_face_t *face, Table tables[2], const hb_tag_t *features, hb_set_t **inputs,
                  hb_set_t **outputs, unsigned int gsubCount, long *budget) {
    const hb_tag_t tags[2] = {HB_OT_TAG_GSUB, HB_OT_TAG_GPOS};
    int refused = 0;
    int64_t calls = 0;
    // How many stages list each lookup: one per default feature that lists it (a feature
    // HarfBuzz turns on runs in one stage).
    uint8_t *stages[2] = {NULL, NULL};
    hb_set_t *found = hb_set_create();
    for (int t = 0; t < 2 && !refused; t++) {
        Table *table = &tables[t];
        if (table->r.length == 0 || table->lookupCount == 0) continue;
        stages[t] = calloc(table->lookupCount + 1, 1);
        if (!stages[t]) {
            refused = TS_REFUSED_MEMORY;
            break;
        }
        // Each default feature, then the required features (with no tag listed: none).
        for (int f = 0; f == 0 || features[f - 1] != HB_TAG_NONE; f++) {
            const hb_tag_t one[2] = {features[f], HB_TAG_NONE};
            hb_set_clear(found);
            if (features[f] != HB_TAG_NONE) hb_ot_layout_collect_lookups(face, tags[t], NULL, NULL, one, found);
            else collect_running_lookups(face, tags[t], one, found);
            *budget -= set_cost(found);
            for (hb_codepoint_t l = HB_SET_VALUE_INVALID; hb_set_next(found, &l);)
                if (l < table->lookupCount && stages[t][l] < 255) stages[t][l]++;
        }
        for (uint32_t l = 0; l < table->lookupCount; l++)
            if (stages[t][l]) calls = capped(calls + stages[t][l] * table->facts[l].calls);
    }
    hb_set_destroy(found);
    // The lookups that add glyphs, linked where one's output can reach another's input.
    Table *gsub = &tables[0];
    uint32_t count = 0;
    uint32_t *adders = NULL;
    int *parent = NULL;
    if (!refused && stages[0] && inputs && outputs) {
        adders = malloc((gsub->lookupCount + 1) * sizeof(uint32_t));
        parent = malloc((gsub->lookupCount + 1) * sizeof(int));
        if (!adders || !parent) refused = TS_REFUSED_MEMORY;
        for (uint32_t l = 0; !refused && l < gsub->lookupCount; l++)
            if (stages[0][l] && gsub->facts[l].added > 0) adders[count++] = l;
    }
    // Forwards from each one's output, from inputs to outputs: the lookups its glyphs meet.
    GlyphLookups byInput;
    memset(&byInput, 0, sizeof(byInput));
    uint8_t *met = count > 0 ? calloc(gsubCount + 1, 1) : NULL;
    hb_set_t *reach = hb_set_create();
    if (count > 0 && !refused && (!met || !glyph_lookups_build(&byInput, inputs, gsubCount, budget)))
        refused = *budget < 0 ? TS_REFUSED_BUDGET : TS_REFUSED_MEMORY;
    for (uint32_t a = 0; a < count; a++) parent[a] = (int)a;
    for (uint32_t a = 0; a < count && !refused; a++) {
        hb_set_set(reach, outputs[adders[a]]);
        memset(met, 0, gsubCount + 1);
        if (!close_through(reach, &byInput, outputs, gsubCount, met, budget)) {
            refused = *budget < 0 ? TS_REFUSED_BUDGET : TS_REFUSED_MEMORY;
            break;
        }
        for (uint32_t b = 0; b < count; b++) {
            // A class-based rule's class 0 takes any glyph as input.
            if (b != a && (met[adders[b]] || gsub->facts[adders[b]].classZero))
                parent[find(parent, (int)a)] = find(parent, (int)b);
        }
    }
    hb_set_destroy(reach);
    free(met);
    glyph_lookups_free(&byInput);
    int64_t growth = 1;
    for (uint32_t root = 0; root < count && !refused; root++) {
        if (find(parent, (int)root) != (int)root) continue;
        int64_t product = 1;
        for (uint32_t a = 0; a < count; a++) {
            if (find(parent, (int)a) != (int)root) continue;
            for (uint8_t s = 0; s < stages[0][adders[a]]; s++) product = capped(product * (1 + gsub->facts[adders[a]].added));
        }
        if (product > growth) growth = product;
    }
    free(adders);
    free(parent);
    free(stages[0]);
    free(stages[1]);
    if (refused) return refused;
    if (*budget < 0) return TS_REFUSED_BUDGET;
    return growth > GROWTH_LIMIT || calls * growth > CALL_LIMIT ? TS_REFUSED_LIMITS : 0;
}
