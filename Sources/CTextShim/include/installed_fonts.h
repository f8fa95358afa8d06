// The fonts installed on the system, as fontconfig lists them (Sources/CTextShim/fontconfig.c).
#ifndef CTEXTSHIM_INSTALLED_FONTS_H
#define CTEXTSHIM_INSTALLED_FONTS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One installed face: its file, style, face index, weight and slant. The strings live as long
/// as the process.
typedef struct {
    const char *file;
    const char *style;  // the style name ("Regular", "Bold Italic"), English where fontconfig has it
    int32_t index;      // the face in a collection (named instances are not listed apart)
    int32_t weight;     // OpenType weight class (400 regular, 700 bold)
    int32_t isItalic;   // italic or oblique
    int32_t isColor;    // colour glyphs (emoji)
} TSInstalledFont;

/// The number of installed faces: the first call asks fontconfig once for every scalable
/// TrueType or OpenType face, in the order fontconfig prefers for "sans-serif", and keeps the
/// list (with each face's character set) for the life of the process. Thread-safe. 0 when
/// fontconfig cannot be initialised or lists nothing.
int32_t ts_installed_font_count(void);
/// Face `i`'s file, index, weight and slant; TS_OK (0), or -1 past the end.
int32_t ts_installed_font(int32_t i, TSInstalledFont *font);
/// Face `i`'s `n`th family name (its English name first where fontconfig has one), or NULL
/// past the last. The string lives as long as the process.
const char *ts_installed_font_family(int32_t i, int32_t n);
/// Whether face `i`'s character set (fontconfig's: code points with a non-empty glyph, as the
/// cmap maps them) has `codepoint`.
int32_t ts_installed_font_has(int32_t i, uint32_t codepoint);

#ifdef __cplusplus
}
#endif

#endif
