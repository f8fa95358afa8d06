// Shaping simple words without hb_shape. A word is simple for a font and shaping plan when it
// runs left to right in a script HarfBuzz gives its default shaper, and each character is one
// HarfBuzz maps straight to its nominal glyph (no mark, default ignorable, control, format or
// unassigned character, no U+2044, a glyph the font has) whose glyph no lookup of the plan can
// start a rule on in any word of such glyphs, pair positioning aside. HarfBuzz then leaves the
// glyphs as the cmap gives them, takes advances from the font, and only its pair lookups move
// anything: this file applies those exactly as HarfBuzz 6.0 does (PairPosFormat1/2::apply,
// PairSet::apply, ValueFormat::apply_value, with its binary searches). docs/typesetting.md
// ("Shaping simple words") gives the rule and its proof; SimpleShapingTests compares every
// glyph with hb_shape. Every table read is bounds-checked: a read outside the table turns the
// plan (or the call) over to hb_shape. simple_plan.c works out each font's plans.
#include "simple_plan.h"

#include <hb-ot.h>
#include <stdlib.h>
#include <string.h>

// Scripts HarfBuzz 6.0 shapes with its default shaper (hb_ot_shaper_categorize), of those
// the fast path takes.
static int simple_script(hb_script_t script) {
    switch (script) {
    case HB_SCRIPT_LATIN:
    case HB_SCRIPT_CYRILLIC:
    case HB_SCRIPT_GREEK:
    case HB_SCRIPT_COMMON:
    case HB_SCRIPT_HAN:
    case HB_SCRIPT_HIRAGANA:
    case HB_SCRIPT_KATAKANA:
    case HB_SCRIPT_ARMENIAN:
    case HB_SCRIPT_GEORGIAN: return 1;
    default: return 0;
    }
}

static void plan_free(Plan *plan) {
    for (uint32_t i = 0; i < plan->lookupCount; i++) free(plan->lookups[i].firstCovering);
    for (uint32_t i = 0; i < plan->subtableCount; i++) free(plan->subtables[i].classes1), free(plan->subtables[i].classes2);
    free(plan->lookups);
    free(plan->subtables);
    free(plan);
}

// Bumped whenever a font's cache goes, so that a thread's last plan (find_plan) is never one
// of a font freed since, even when a new font takes the old one's address.
static atomic_uint cacheGeneration;

static void cache_destroy(void *data) {
    FontCache *cache = data;
    atomic_fetch_add_explicit(&cacheGeneration, 1, memory_order_acq_rel);
    Plan *plan = atomic_load(&cache->plans);
    while (plan) {
        Plan *next = plan->next;
        plan_free(plan);
        plan = next;
    }
    hb_blob_destroy(cache->gpos);
    pthread_mutex_destroy(&cache->lock);
    free(cache);
}

static hb_user_data_key_t cacheKey;

static FontCache *font_cache(hb_font_t *font) {
    FontCache *cache = hb_font_get_user_data(font, &cacheKey);
    if (cache) return cache;
    cache = calloc(1, sizeof(FontCache));
    if (!cache) return NULL;
    if (pthread_mutex_init(&cache->lock, NULL) != 0) {
        free(cache);
        return NULL;
    }
    cache->gpos = hb_face_reference_table(hb_font_get_face(font), HB_OT_TAG_GPOS);
    unsigned int length = 0;
    cache->gposReader.bytes = (const uint8_t *)hb_blob_get_data(cache->gpos, &length);
    cache->gposReader.length = length;
    if (!hb_font_set_user_data(font, &cacheKey, cache, cache_destroy, 0)) {
        cache_destroy(cache);
        return hb_font_get_user_data(font, &cacheKey);
    }
    return cache;
}

static int same_key(const Plan *plan, const hb_segment_properties_t *props, const hb_feature_t *features,
                    unsigned int featureCount) {
    if (!hb_segment_properties_equal(&plan->props, props) || plan->featureCount != featureCount) return 0;
    return featureCount == 0 || memcmp(plan->features, features, featureCount * sizeof(hb_feature_t)) == 0;
}

// The plan of the last call on this thread: words come in long runs of one font and plan.
static _Thread_local struct {
    hb_font_t *font;
    unsigned int generation;
    const Plan *plan;
    FontCache *cache;
} last;

static const Plan *find_plan(hb_font_t *font, const hb_segment_properties_t *props, const hb_feature_t *features,
                             unsigned int featureCount, FontCache **cacheOut, _Atomic long *budget) {
    unsigned int generation = atomic_load_explicit(&cacheGeneration, memory_order_acquire);
    if (last.font == font && last.generation == generation && last.plan &&
        same_key(last.plan, props, features, featureCount)) {
        *cacheOut = last.cache;
        return last.plan;
    }
    FontCache *cache = font_cache(font);
    *cacheOut = cache;
    if (!cache) return NULL;
    for (Plan *plan = atomic_load_explicit(&cache->plans, memory_order_acquire); plan; plan = plan->next)
        if (same_key(plan, props, features, featureCount)) {
            last.font = font, last.generation = generation, last.plan = plan, last.cache = cache;
            return plan;
        }
    pthread_mutex_lock(&cache->lock);
    Plan *found = NULL;
    for (Plan *plan = atomic_load_explicit(&cache->plans, memory_order_acquire); plan && !found; plan = plan->next)
        if (same_key(plan, props, features, featureCount)) found = plan;
    if (!found) {
        found = calloc(1, sizeof(Plan));
        if (found) {
            found->props = *props;
            found->featureCount = featureCount;
            if (featureCount) memcpy(found->features, features, featureCount * sizeof(hb_feature_t));
            // The face's budget is written under this lock only (one plan cache per face).
            long left = atomic_load(budget);
            ts_simple_analyse(font, cache, found, &left);
            atomic_store(budget, left);
            found->next = atomic_load_explicit(&cache->plans, memory_order_relaxed);
            atomic_store_explicit(&cache->plans, found, memory_order_release);
        }
    }
    pthread_mutex_unlock(&cache->lock);
    if (found) last.font = font, last.generation = generation, last.plan = found, last.cache = cache;
    return found;
}

// MARK: The fast path

static int32_t em_mult(int16_t v, int64_t mult) { return (int32_t)((v * mult + 32768) >> 16); }

// ValueFormat::apply_value, horizontal: whether any value read is nonzero.
static int apply_value(Reader *r, const Plan *plan, uint32_t format, uint64_t at, TSGlyph *glyph) {
    int worked = 0;
    if (format & 1) {
        int16_t v = (int16_t)rd16(r, at);
        at += 2;
        worked |= v != 0;
        glyph->xOffset += em_mult(v, plan->xMult);
    }
    if (format & 2) {
        int16_t v = (int16_t)rd16(r, at);
        at += 2;
        worked |= v != 0;
        glyph->yOffset += em_mult(v, plan->yMult);
    }
    if (format & 4) {
        int16_t v = (int16_t)rd16(r, at);
        at += 2;
        worked |= v != 0;
        glyph->xAdvance += em_mult(v, plan->xMult);
    }
    if (format & 8) worked |= rd16(r, at) != 0; // y advance: vertical text only
    return worked;
}

// hb_buffer_t::unsafe_to_break(start, end) on glyphs of one cluster each, ascending.
static void unsafe_to_break(TSGlyph *glyphs, uint32_t count, uint32_t start, uint32_t end) {
    if (end > count) end = count;
    if (end < start + 2) return;
    for (uint32_t i = start + 1; i < end; i++) glyphs[i].unsafeToBreak = 1;
}

// One pair lookup over the glyphs (apply_forward with PosLookup's subtables).
static void apply_pairs(Reader *r, const Plan *plan, const PairLookup *lookup, TSGlyph *glyphs, uint32_t count) {
    uint32_t i = 0;
    while (i < count && !r->failed) {
        uint32_t glyph = glyphs[i].glyph;
        int applied = 0;
        // Subtables before the first that covers the glyph do not apply (S glyphs are below
        // glyphCount).
        uint32_t firstCovering = glyph < plan->glyphCount ? lookup->firstCovering[glyph] : 0xFFFF;
        if (firstCovering != 0xFFFF && i + 1 < count) {
            for (uint32_t s = lookup->first + firstCovering; s < lookup->first + lookup->count && !applied && !r->failed;
                 s++) {
                const PairSubtable *st = &plan->subtables[s];
                uint32_t index = coverage_index(r, st->at, st->coverage, glyph);
                if (index == NOT_COVERED) continue;
                uint32_t j = i + 1;
                uint64_t first, second;
                if (st->format == 1) {
                    uint32_t setOffset = index < st->pairSetCount ? rd16(r, st->at + 10 + 2 * (uint64_t)index) : 0;
                    if (setOffset == 0) continue;
                    uint64_t set = st->at + setOffset;
                    uint32_t recordSize = 2 * (1 + st->len1 + st->len2);
                    uint64_t record = bsearch16(r, set + 2, rd16(r, set), recordSize, glyphs[j].glyph, 0);
                    if (!record) continue;
                    first = record + 2;
                } else {
                    uint32_t next = glyphs[j].glyph;
                    uint32_t class1 = st->classes1 && glyph < plan->glyphCount ? st->classes1[glyph]
                                                                                : class_of(r, st->at, st->classDef1, glyph);
                    uint32_t class2 = st->classes2 && next < plan->glyphCount ? st->classes2[next]
                                                                               : class_of(r, st->at, st->classDef2, next);
                    if (class1 >= st->class1Count || class2 >= st->class2Count) continue;
                    first = st->at + 16 + 2 * (uint64_t)(st->len1 + st->len2) * (class1 * st->class2Count + class2);
                }
                second = first + 2 * (uint64_t)st->len1;
                int worked = apply_value(r, plan, st->valueFormat1, first, &glyphs[i]);
                worked |= apply_value(r, plan, st->valueFormat2, second, &glyphs[j]);
                if (worked) unsafe_to_break(glyphs, count, i, j + 1);
                if (st->len2) {
                    j++;
                    unsafe_to_break(glyphs, count, i, j + 1);
                }
                i = j;
                applied = 1;
            }
        }
        if (!applied) i++;
    }
}

int32_t ts_simple_shape(hb_font_t *planFont, hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features,
                        unsigned int featureCount, TSGlyph *glyphs, int32_t capacity, _Atomic long *budget) {
    hb_segment_properties_t props;
    hb_buffer_get_segment_properties(buffer, &props);
    if (props.direction != HB_DIRECTION_LTR || !simple_script(props.script) || featureCount > 4) return -1;
    if (hb_buffer_get_content_type(buffer) != HB_BUFFER_CONTENT_TYPE_UNICODE) return -1;
    unsigned int count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    if (count == 0 || count > (unsigned int)capacity) return -1;
    FontCache *cache = NULL;
    const Plan *plan = find_plan(planFont, &props, features, featureCount, &cache, budget);
    if (!plan || !plan->usable) return -1;
    for (unsigned int i = 0; i < count; i++) {
        uint32_t u = infos[i].codepoint;
        if (u >= 0x10000 || !((plan->simple[u >> 3] >> (u & 7)) & 1)) return -1;
    }
    for (unsigned int i = 0; i < count; i++) glyphs[i] = (TSGlyph){0, infos[i].cluster, 0, 0, 0, 0, 0};
    // What HarfBuzz's normalization does for a word without marks.
    if (hb_font_get_nominal_glyphs(font, count, &infos[0].codepoint, sizeof(hb_glyph_info_t), &glyphs[0].glyph,
                                   sizeof(TSGlyph)) != count)
        return -1;
    hb_font_get_glyph_h_advances(font, count, &glyphs[0].glyph, sizeof(TSGlyph), (hb_position_t *)&glyphs[0].xAdvance,
                                 sizeof(TSGlyph));
    if (plan->lookupCount > 0) {
        Reader r = cache->gposReader;
        r.failed = 0;
        for (uint32_t l = 0; l < plan->lookupCount && !r.failed; l++)
            apply_pairs(&r, plan, &plan->lookups[l], glyphs, count);
        if (r.failed) return -1;
    }
    return (int32_t)count;
}
