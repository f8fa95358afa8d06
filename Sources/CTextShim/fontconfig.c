// The fonts installed on the system, listed once per process through fontconfig: the standard
// way to find fonts on Linux, and what Pango's fallback goes through. Only the list is read
// here (files, names, weights, character sets); the faces are opened by `ts_face_open` when
// the engine first needs one.
#include "installed_fonts.h"

#include <fontconfig/fontconfig.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_FAMILIES = 8 };

typedef struct {
    TSInstalledFont font;
    const char *families[MAX_FAMILIES + 1];  // NULL-terminated, English first
    FcCharSet *charset;                       // a reference of our own
} InstalledFont;

static pthread_once_t once = PTHREAD_ONCE_INIT;
// The configuration (and fontconfig's caches it maps) stays for the life of the process: the
// character sets kept below may point into them. Held here, it stays owned (LeakSanitizer
// sees it reachable), as the list is.
static FcConfig *config;
static InstalledFont *fonts;
static int32_t fontCount;

static char *copy(const FcChar8 *text) {
    size_t length = strlen((const char *)text);
    char *out = malloc(length + 1);
    if (out) memcpy(out, text, length + 1);
    return out;
}

// Whether the list already holds `file` at face `index`: fontconfig lists a variable font's
// named instances beside its default face, and the engine opens the instances itself.
static int listed(const char *file, int32_t index) {
    for (int32_t i = 0; i < fontCount; i++) {
        if (fonts[i].font.index == index && strcmp(fonts[i].font.file, file) == 0) return 1;
    }
    return 0;
}

static void add(FcPattern *pattern) {
    FcChar8 *file = NULL, *format = NULL;
    FcBool scalable = FcFalse;
    if (FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch) return;
    if (FcPatternGetBool(pattern, FC_SCALABLE, 0, &scalable) != FcResultMatch || !scalable) return;
    // TrueType and OpenType (CFF) faces only: the engine reads nothing else (no Type 1, no PCF).
    if (FcPatternGetString(pattern, FC_FONTFORMAT, 0, &format) != FcResultMatch) return;
    if (strcmp((const char *)format, "TrueType") != 0 && strcmp((const char *)format, "CFF") != 0) return;
    int index = 0;
    FcPatternGetInteger(pattern, FC_INDEX, 0, &index);
    index &= 0xFFFF;  // the high bits number a variable font's named instance
    if (listed((const char *)file, index)) return;
    FcCharSet *charset = NULL;
    if (FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) != FcResultMatch) return;

    InstalledFont *entry = &fonts[fontCount];
    memset(entry, 0, sizeof *entry);
    entry->font.file = copy(file);
    if (!entry->font.file) return;
    entry->font.index = index;
    double weight = FC_WEIGHT_REGULAR;
    FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weight);
    entry->font.weight = (int32_t)FcWeightToOpenTypeDouble(weight);
    if (entry->font.weight <= 0) entry->font.weight = 400;
    int slant = FC_SLANT_ROMAN;
    FcPatternGetInteger(pattern, FC_SLANT, 0, &slant);
    entry->font.isItalic = slant != FC_SLANT_ROMAN;
    FcBool color = FcFalse;
    FcPatternGetBool(pattern, FC_COLOR, 0, &color);
    entry->font.isColor = color ? 1 : 0;

    // The style name in English (FC_STYLELANG "en"), else the first.
    FcChar8 *language = NULL, *style = NULL;
    int styleAt = 0;
    for (int n = 0; FcPatternGetString(pattern, FC_STYLELANG, n, &language) == FcResultMatch; n++) {
        if (strcmp((const char *)language, "en") == 0) {
            styleAt = n;
            break;
        }
    }
    if (FcPatternGetString(pattern, FC_STYLE, styleAt, &style) == FcResultMatch ||
        FcPatternGetString(pattern, FC_STYLE, 0, &style) == FcResultMatch) {
        entry->font.style = copy(style);
    }
    if (!entry->font.style) entry->font.style = "";

    // Family names, the English one (FC_FAMILYLANG "en") first.
    int english = -1;
    for (int n = 0; FcPatternGetString(pattern, FC_FAMILYLANG, n, &language) == FcResultMatch; n++) {
        if (strcmp((const char *)language, "en") == 0) {
            english = n;
            break;
        }
    }
    int count = 0;
    FcChar8 *family = NULL;
    if (english >= 0 && FcPatternGetString(pattern, FC_FAMILY, english, &family) == FcResultMatch) {
        entry->families[count++] = copy(family);
    }
    for (int n = 0; count < MAX_FAMILIES && FcPatternGetString(pattern, FC_FAMILY, n, &family) == FcResultMatch;
         n++) {
        if (n != english) entry->families[count++] = copy(family);
    }
    entry->charset = FcCharSetCopy(charset);
    fontCount++;
}

static void load(void) {
    config = FcInitLoadConfigAndFonts();
    if (!config) return;
    // Every face, in the order fontconfig would try them for a sans-serif text: the order the
    // engine tries them in for a character no face made for its script draws.
    FcPattern *pattern = FcNameParse((const FcChar8 *)"sans-serif");
    if (!pattern) return;
    FcConfigSubstitute(config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcFontSet *sorted = FcFontSort(config, pattern, FcFalse, NULL, &result);
    FcPatternDestroy(pattern);
    if (sorted && sorted->nfont > 0) {
        fonts = calloc((size_t)sorted->nfont, sizeof *fonts);
        if (fonts) {
            for (int i = 0; i < sorted->nfont; i++) add(sorted->fonts[i]);
        }
    }
    if (sorted) FcFontSetDestroy(sorted);
}

int32_t ts_installed_font_count(void) {
    pthread_once(&once, load);
    return fontCount;
}

int32_t ts_installed_font(int32_t i, TSInstalledFont *font) {
    if (i < 0 || i >= ts_installed_font_count()) return -1;
    *font = fonts[i].font;
    return 0;
}

const char *ts_installed_font_family(int32_t i, int32_t n) {
    if (i < 0 || i >= ts_installed_font_count() || n < 0 || n >= MAX_FAMILIES) return NULL;
    return fonts[i].families[n];
}

int32_t ts_installed_font_has(int32_t i, uint32_t codepoint) {
    if (i < 0 || i >= ts_installed_font_count()) return 0;
    return FcCharSetHasChar(fonts[i].charset, codepoint) ? 1 : 0;
}
