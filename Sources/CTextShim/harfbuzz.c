// The HarfBuzz the process runs with: whether shaping may take its shortcuts (cutting runs at
// spaces, the word cache, the simple path), only on the releases they were verified against
// and never with INTRINSIC_EXACT_SHAPING=1 (both read once per process), and the Unicode facts
// of HarfBuzz's normalization that cutting a run reads. docs/typesetting.md ("Checked against
// the HarfBuzz it runs with") gives the range; ShapingShortcutsTests pins it.
#include "CTextShim.h"
#include "harfbuzz.h"

#include <hb.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int32_t state;

int32_t ts_harfbuzz_version_verified(int32_t version) {
    return version >= TS_HARFBUZZ_VERIFIED_FIRST && version <= TS_HARFBUZZ_VERIFIED_LAST;
}

int32_t ts_harfbuzz_version(void) {
    unsigned int major = 0, minor = 0, micro = 0;
    hb_version(&major, &minor, &micro);
    if (major > 200 || minor > 99 || micro > 99) return 0;
    return (int32_t)(major * 10000 + minor * 100 + micro);
}

static void read_state(void) {
    const char *exact = getenv("INTRINSIC_EXACT_SHAPING");
    if (exact && strcmp(exact, "1") == 0) state = TS_SHORTCUTS_OFF_BY_REQUEST;
    else if (!ts_harfbuzz_version_verified(ts_harfbuzz_version())) state = TS_SHORTCUTS_OFF_UNVERIFIED_HARFBUZZ;
    else state = TS_SHORTCUTS_ON;
}

int32_t ts_shaping_shortcuts(void) {
    pthread_once(&once, read_state);
    return state;
}

int ts_shortcuts_on(void) { return ts_shaping_shortcuts() == TS_SHORTCUTS_ON; }

// Bits 0 and 1 of ts_normalization_class for each BMP code point, two per byte's nibble.
static uint8_t bmpClasses[0x10000 / 4];
static pthread_once_t classesOnce = PTHREAD_ONCE_INIT;

static int32_t normalization_class(hb_unicode_funcs_t *unicode, uint32_t codepoint) {
    hb_unicode_general_category_t category = hb_unicode_general_category(unicode, codepoint);
    int32_t mark = category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK ||
                   category == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK ||
                   category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK;
    hb_codepoint_t a = 0, b = 0;
    int32_t decomposes = hb_unicode_decompose(unicode, codepoint, &a, &b) ? 1 : 0;
    return mark | (decomposes << 1);
}

static void fill_classes(void) {
    hb_unicode_funcs_t *unicode = hb_unicode_funcs_get_default();
    for (uint32_t cp = 0; cp < 0x10000; cp++)
        bmpClasses[cp >> 2] |= (uint8_t)(normalization_class(unicode, cp) << (2 * (cp & 3)));
}

int32_t ts_normalization_class(uint32_t codepoint) {
    if (codepoint >= 0x10000) return normalization_class(hb_unicode_funcs_get_default(), codepoint);
    pthread_once(&classesOnce, fill_classes);
    return (bmpClasses[codepoint >> 2] >> (2 * (codepoint & 3))) & 3;
}

int32_t ts_harfbuzz_alone(const char *path, const uint16_t *text, int32_t length) {
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (!blob) return -1;
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font_t *font = hb_font_create(face);
    unsigned int upem = hb_face_get_upem(face);
    hb_font_set_scale(font, (int)upem, (int)upem);
    hb_buffer_t *buffer = hb_buffer_create();
    hb_buffer_add_utf16(buffer, text, length, 0, length);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font, buffer, NULL, 0);
    int32_t count = (int32_t)hb_buffer_get_length(buffer);
    hb_buffer_destroy(buffer);
    hb_font_destroy(font);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return count;
}
