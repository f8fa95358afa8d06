// Closures of glyph sets through the lookups of a face (part of the space analysis, space.c):
// every glyph is looked at once and every lookup followed once, so a font with thousands of
// lookups costs what its sets hold, not rounds times lookups. Each element is charged to the
// face's budget.
#include "space_internal.h"

#include <stdlib.h>
#include <string.h>

#define GLYPHS 0x10000

static int charge(long *budget, long amount) {
    *budget -= amount;
    return *budget >= 0;
}

int glyph_lookups_build(GlyphLookups *index, hb_set_t **sets, unsigned int count, long *budget) {
    memset(index, 0, sizeof(*index));
    index->start = calloc(GLYPHS + 1, sizeof(uint32_t));
    if (!index->start) return 0;
    uint64_t total = 0;
    for (unsigned int i = 0; i < count; i++) {
        if (!sets[i]) continue;
        for (hb_codepoint_t g = HB_SET_VALUE_INVALID; hb_set_next(sets[i], &g) && g < GLYPHS;) {
            if (!charge(budget, 1)) return 0;
            index->start[g + 1]++;
            total++;
        }
    }
    for (uint32_t g = 0; g < GLYPHS; g++) index->start[g + 1] += index->start[g];
    index->items = malloc((total + 1) * sizeof(uint32_t));
    uint32_t *next = malloc(GLYPHS * sizeof(uint32_t));
    if (!index->items || !next) {
        free(next);
        return 0;
    }
    memcpy(next, index->start, GLYPHS * sizeof(uint32_t));
    for (unsigned int i = 0; i < count; i++) {
        if (!sets[i]) continue;
        for (hb_codepoint_t g = HB_SET_VALUE_INVALID; hb_set_next(sets[i], &g) && g < GLYPHS;)
            index->items[next[g]++] = i;
    }
    free(next);
    return 1;
}

void glyph_lookups_free(GlyphLookups *index) {
    free(index->start);
    free(index->items);
    memset(index, 0, sizeof(*index));
}

int close_through(hb_set_t *set, const GlyphLookups *index, hb_set_t **adds, unsigned int count, uint8_t *met,
                  long *budget) {
    uint8_t *followed = met ? met : calloc(count + 1, 1);
    uint32_t *work = malloc(GLYPHS * sizeof(uint32_t));
    int ok = followed && work;
    uint32_t top = 0;
    for (hb_codepoint_t g = HB_SET_VALUE_INVALID; ok && hb_set_next(set, &g) && g < GLYPHS;) {
        if (!charge(budget, 1)) ok = 0;
        else work[top++] = g;
    }
    while (ok && top > 0) {
        uint32_t g = work[--top];
        for (uint32_t k = index->start[g]; ok && k < index->start[g + 1]; k++) {
            uint32_t lookup = index->items[k];
            if (!charge(budget, 1)) ok = 0;
            if (followed[lookup]) continue;
            followed[lookup] = 1;
            for (hb_codepoint_t h = HB_SET_VALUE_INVALID; ok && hb_set_next(adds[lookup], &h);) {
                if (!charge(budget, 1)) ok = 0;
                else if (h < GLYPHS && !hb_set_has(set, h)) {
                    hb_set_add(set, h);
                    work[top++] = h;
                }
            }
        }
    }
    if (!met) free(followed);
    free(work);
    return ok;
}
