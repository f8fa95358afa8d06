// CTextShim's per-thread objects and its ICU text analysis (line breaks, bidi levels,
// scripts). Each thread shaping or analysing text keeps its own HarfBuzz buffer, ICU line
// break iterator and bidi object, and its own HarfBuzz face and font for each face it shapes
// with: threads then write to nothing they share (a cache line written from two cores on
// every call costs more than the call), and making these objects is a large part of shaping
// or analysing a short string, so each is made once per thread and kept.
#include "face.h"

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

// How many faces a thread keeps HarfBuzz objects for; beyond that the least recently used
// goes. Making them again costs HarfBuzz's table accelerators (about a millisecond for a
// large face), so the table is sized for screens and catalogs that rotate through many
// faces and sizes (every point size of a face with an optical size axis is a face of its
// own). Each holds a reference to its face's blob, so a closed face's bytes stay alive until
// every thread that shaped with it has dropped its objects.
enum { THREAD_FONTS = 64 };

typedef struct {
    uint64_t serial;  // the face's (0: an empty slot)
    uint64_t used;    // the thread's clock at the last use
    hb_face_t *face;
    hb_font_t *font;
} ThreadFont;

typedef struct {
    hb_buffer_t *buffer;
    UBreakIterator *lineBreaks;  // the root rules'
    UBiDi *bidi;
    uint64_t clock;
    uint32_t last;  // the slot that answered last (most calls shape with the face before)
    ThreadFont fonts[THREAD_FONTS];
} ThreadState;

static pthread_key_t stateKey;
static pthread_once_t stateOnce = PTHREAD_ONCE_INIT;
static _Atomic uint64_t lastSerial;

uint64_t ts_next_face_serial(void) { return atomic_fetch_add_explicit(&lastSerial, 1, memory_order_relaxed) + 1; }

static void drop_font(ThreadFont *slot) {
    if (slot->font) hb_font_destroy(slot->font);
    if (slot->face) hb_face_destroy(slot->face);
    memset(slot, 0, sizeof(*slot));
}

// Frees a thread's objects as it ends.
static void destroy_state(void *value) {
    ThreadState *state = value;
    if (state->buffer) hb_buffer_destroy(state->buffer);
    if (state->lineBreaks) ubrk_close(state->lineBreaks);
    if (state->bidi) ubidi_close(state->bidi);
    for (int i = 0; i < THREAD_FONTS; i++) drop_font(&state->fonts[i]);
    free(state);
}

static void make_key(void) { pthread_key_create(&stateKey, destroy_state); }

// The calling thread's state, made on first use (allocated by the thread itself, so from its
// own malloc arena); NULL when it cannot be made.
static ThreadState *thread_state(void) {
    pthread_once(&stateOnce, make_key);
    ThreadState *state = pthread_getspecific(stateKey);
    if (state) return state;
    state = calloc(1, sizeof(ThreadState));
    if (!state) return NULL;
    if (pthread_setspecific(stateKey, state) != 0) {
        free(state);
        return NULL;
    }
    return state;
}

hb_buffer_t *ts_thread_buffer(void) {
    ThreadState *state = thread_state();
    if (!state) return NULL;
    if (!state->buffer) {
        hb_buffer_t *buffer = hb_buffer_create();
        if (!hb_buffer_allocation_successful(buffer)) {
            hb_buffer_destroy(buffer);
            return NULL;
        }
        state->buffer = buffer;
    }
    hb_buffer_clear_contents(state->buffer);
    return state->buffer;
}

// Makes the thread's face and font for `face` in `slot`: the same blob, face index, scale and
// design coordinates as the face's own font, so shaping gives the same glyphs. 0 on failure.
static int make_font(const TSFace *face, ThreadFont *slot) {
    hb_face_t *hbFace = hb_face_create(face->blob, (unsigned int)face->index);
    if (hbFace == hb_face_get_empty()) return 0;
    hb_font_t *font = hb_font_create(hbFace);
    if (font == hb_font_get_empty()) {
        hb_face_destroy(hbFace);
        return 0;
    }
    unsigned int upem = hb_face_get_upem(hbFace);
    hb_font_set_scale(font, (int)upem, (int)upem);
    if (face->coordinateCount > 0) hb_font_set_var_coords_design(font, face->coordinates, face->coordinateCount);
    hb_font_make_immutable(font);
    slot->serial = face->serial;
    slot->face = hbFace;
    slot->font = font;
    return 1;
}

hb_font_t *ts_thread_font(const TSFace *face) {
    ThreadState *state = thread_state();
    if (!state || !face->blob) return face->hbFont;
    ThreadFont *slot = &state->fonts[state->last];
    if (slot->serial == face->serial) return slot->font;
    // The answer of the last call was used up to now (its stamp is not renewed on the fast
    // path above), so it is not the one to evict.
    if (slot->serial != 0) slot->used = ++state->clock;
    state->clock++;
    uint32_t oldest = 0;
    for (uint32_t i = 0; i < THREAD_FONTS; i++) {
        slot = &state->fonts[i];
        if (slot->serial == face->serial) {
            slot->used = state->clock;
            state->last = i;
            return slot->font;
        }
        // An empty slot (used 0) is taken before any filled one.
        if (slot->used < state->fonts[oldest].used) oldest = i;
    }
    slot = &state->fonts[oldest];
    drop_font(slot);
    if (!make_font(face, slot)) return face->hbFont;
    slot->used = state->clock;
    state->last = oldest;
    return slot->font;
}

void ts_thread_forget(const TSFace *face) {
    if (face->serial == 0) return;  // closed before it was numbered: nothing was made for it
    pthread_once(&stateOnce, make_key);
    ThreadState *state = pthread_getspecific(stateKey);
    if (!state) return;
    for (int i = 0; i < THREAD_FONTS; i++) {
        if (state->fonts[i].serial == face->serial) drop_font(&state->fonts[i]);
    }
}

// MARK: ICU

int32_t ts_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                       int32_t *offsets, uint8_t *mandatory, int32_t capacity) {
    if (length == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    // The root rules' iterator is kept per thread and pointed at each text; a tailored one is
    // opened for the call.
    int shared = !locale || !locale[0];
    UBreakIterator *iterator = NULL;
    if (shared) {
        ThreadState *state = thread_state();
        if (!state) return TS_ERROR_NO_MEMORY;
        if (!state->lineBreaks) {
            state->lineBreaks = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
            if (U_FAILURE(status) || !state->lineBreaks) {
                if (state->lineBreaks) ubrk_close(state->lineBreaks);
                state->lineBreaks = NULL;
                return TS_ERROR_ICU;
            }
        }
        iterator = state->lineBreaks;
        ubrk_setText(iterator, text, length, &status);
    } else {
        iterator = ubrk_open(UBRK_LINE, locale, text, length, &status);
    }
    if (U_FAILURE(status) || !iterator) return TS_ERROR_ICU;
    int32_t count = 0;
    for (int32_t position = ubrk_next(iterator); position != UBRK_DONE; position = ubrk_next(iterator)) {
        if (count >= capacity) break;
        int32_t ruleStatus = ubrk_getRuleStatus(iterator);
        offsets[count] = position;
        mandatory[count] = (ruleStatus >= UBRK_LINE_HARD && ruleStatus < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        count++;
    }
    if (!shared) ubrk_close(iterator);
    return count;
}

int32_t ts_bidi_levels(const uint16_t *text, int32_t length, int32_t baseDirection,
                       uint8_t *levels, uint8_t *paragraphLevel) {
    UErrorCode status = U_ZERO_ERROR;
    ThreadState *state = thread_state();
    if (!state) return TS_ERROR_NO_MEMORY;
    if (!state->bidi) {
        state->bidi = ubidi_open();
        if (!state->bidi) return TS_ERROR_ICU;
    }
    UBiDi *bidi = state->bidi;
    UBiDiLevel level = baseDirection < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)(baseDirection ? 1 : 0);
    ubidi_setPara(bidi, text, length, level, NULL, &status);
    if (U_FAILURE(status)) return TS_ERROR_ICU;
    *paragraphLevel = ubidi_getParaLevel(bidi);
    if (length > 0) {
        const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
        if (U_FAILURE(status) || !resolved) return TS_ERROR_ICU;
        memcpy(levels, resolved, (size_t)length);
    }
    return TS_OK;
}

// ICU's script of BMP code points, looked up a block of 256 at a time on first use (a block
// costs 256 ICU calls, once per process): texts then cost one load per code unit instead of
// one ICU call. 255 marks a code ICU reports above 254 (none in ICU 72), asked for again.
static uint8_t bmpScripts[0x10000];
static _Atomic uint8_t bmpBlockReady[256];
static pthread_mutex_t bmpScriptsLock = PTHREAD_MUTEX_INITIALIZER;

// Whether the block of `c` is filled (filling it if not); 0 when ICU failed.
static int bmp_script_block(UChar32 c) {
    unsigned block = (unsigned)c >> 8;
    if (atomic_load_explicit(&bmpBlockReady[block], memory_order_acquire)) return 1;
    pthread_mutex_lock(&bmpScriptsLock);
    int ok = 1;
    if (!atomic_load_explicit(&bmpBlockReady[block], memory_order_relaxed)) {
        for (UChar32 d = (UChar32)(block << 8); d < (UChar32)((block + 1) << 8); d++) {
            UErrorCode status = U_ZERO_ERROR;
            UScriptCode code = uscript_getScript(d, &status);
            if (U_FAILURE(status)) { ok = 0; break; }
            bmpScripts[d] = (code >= 0 && code < 255) ? (uint8_t)code : 255;
        }
        if (ok) atomic_store_explicit(&bmpBlockReady[block], 1, memory_order_release);
    }
    pthread_mutex_unlock(&bmpScriptsLock);
    return ok;
}

int32_t ts_scripts(const uint16_t *text, int32_t length, int32_t *scripts) {
    int32_t i = 0;
    while (i < length) {
        int32_t start = i;
        UChar32 c;
        U16_NEXT(text, i, length, c);
        if (c < 0x10000 && bmp_script_block(c) && bmpScripts[c] != 255) {
            scripts[start] = bmpScripts[c];
            continue;
        }
        UErrorCode status = U_ZERO_ERROR;
        UScriptCode code = uscript_getScript(c, &status);
        if (U_FAILURE(status)) return TS_ERROR_ICU;
        for (int32_t j = start; j < i; j++) scripts[j] = (int32_t)code;
    }
    return TS_OK;
}

int32_t ts_script_name(int32_t script, char *buffer, int32_t capacity) {
    const char *name = uscript_getShortName((UScriptCode)script);
    if (!name) name = "Zyyy";
    return ts_copy_out(name, strlen(name), buffer, capacity);
}
