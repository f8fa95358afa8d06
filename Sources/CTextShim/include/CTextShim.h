// CTextShim: the only C in the package. A thin, Swift-friendly layer over FreeType
// (opening and validating faces, reading metric tables, glyph outlines and bitmaps), HarfBuzz
// (shaping), ICU (line breaks, bidi levels, scripts) and libpng (encoding pictures). ICU's
// versioned symbol names stay in here.
//
// Every function returns plain integers, doubles and caller-owned buffers; no C type
// of the libraries crosses this header.
#ifndef CTEXTSHIM_H
#define CTEXTSHIM_H

#include <stdint.h>

#include "installed_fonts.h"

#ifdef __cplusplus
extern "C" {
#endif

/// An opened font face. After `ts_face_open` returns, the face is immutable and may be
/// shaped from several threads at once: each thread shapes with HarfBuzz objects of its own,
/// made from the face's bytes on its first use, so threads write to nothing they share. Its
/// FreeType glyph slot, used for outlines and bitmaps, is behind a lock.
typedef struct TSFace TSFace;

/// Font-unit values read from a face's tables. 0 means "absent" for the optional ones.
typedef struct {
    int32_t unitsPerEm;
    int32_t hheaAscender, hheaDescender, hheaLineGap;          // 'hhea'
    int32_t typoAscender, typoDescender, typoLineGap;          // 'OS/2' sTypo*
    int32_t winAscent, winDescent;                             // 'OS/2' usWin*
    int32_t capHeight, xHeight;                                // 'OS/2' v2+ sCapHeight, sxHeight
    int32_t hasOS2, useTypoMetrics;                            // fsSelection bit 7
    int32_t weightClass;                                       // 'OS/2' usWeightClass, else 400
    int32_t isItalic;                                          // fsSelection bit 0 / macStyle / style flags
    int32_t isColor;                                           // CBDT, sbix, COLR or SVG glyphs
    int32_t glyphCount;
    int32_t faceCount;                                         // faces in the file (collections)
} TSFaceInfo;

/// One shaped glyph. Advances and offsets are in font units (HarfBuzz scale = units per em).
typedef struct {
    uint32_t glyph;
    uint32_t cluster;       // UTF-16 offset into the text passed to ts_shape
    int32_t xAdvance, yAdvance, xOffset, yOffset;
    uint32_t unsafeToBreak; // HB_GLYPH_FLAG_UNSAFE_TO_BREAK
} TSGlyph;

/// Error codes besides FreeType's own (which are positive).
enum {
    TS_OK = 0,
    TS_ERROR_OPEN = -1,        // the file could not be read
    TS_ERROR_NOT_SCALABLE = -2,// a bitmap-only face without outlines or sbix/CBDT metrics
    TS_ERROR_NO_MEMORY = -3,
    TS_ERROR_ICU = -4,
    TS_ERROR_NO_UNITS = -5,    // units per em is 0 or the face has no glyphs
    TS_ERROR_TRUNCATED = -6,   // the file ends inside its own table directory or a table
    TS_ERROR_PNG = -7,         // libpng could not encode or decode
    TS_NOT_SIMPLE = -8         // ts_shape_simple: the run needs HarfBuzz's shaper
};

/// Where a font file is cut short (FreeType and HarfBuzz read tables lazily, so a truncated
/// file would otherwise open and measure wrong without a word).
typedef struct {
    int32_t kind;   // 0 complete, 1 no sfnt header, 2 collection header cut, 3 table directory cut, 4 a table runs past the end
    char tag[5];    // kind 4: the table's tag
    int64_t end;    // kind 4: the byte where the table ends
    int64_t size;   // the file's size in bytes
} TSTruncation;

/// Opens face `index` of the font file at `path`. Returns TS_OK or an error code
/// (a FreeType error > 0, or a TS_ERROR_* < 0); on error `*out` is NULL. For
/// TS_ERROR_TRUNCATED, `truncation` (which may be NULL) says where the file is cut.
int32_t ts_face_open(const char *path, int32_t index, TSFace **out, TSTruncation *truncation);
/// Closes a face opened with ts_face_open. NULL is allowed.
void ts_face_close(TSFace *face);
/// Fills `info` with the face's table values.
void ts_face_info(const TSFace *face, TSFaceInfo *info);
/// Writes the face's family name (typographic family, name ID 16, else ID 1), as UTF-8,
/// into `buffer` (NUL-terminated). Returns the full length needed, without the NUL.
int32_t ts_face_family(const TSFace *face, char *buffer, int32_t capacity);
/// Writes the face's style name (ID 17, else ID 2) like ts_face_family.
int32_t ts_face_style(const TSFace *face, char *buffer, int32_t capacity);
/// Writes the face's PostScript name like ts_face_family.
int32_t ts_face_postscript_name(const TSFace *face, char *buffer, int32_t capacity);
/// The nominal glyph of a code point, or 0 when the face does not cover it.
uint32_t ts_face_glyph(const TSFace *face, uint32_t codepoint);
/// 1 when the face has a glyph for `codepoint` (as ts_face_glyph(face, codepoint) != 0), from
/// a table made at open for the Basic Multilingual Plane.
int32_t ts_face_covers(const TSFace *face, uint32_t codepoint);
/// The code points the face's character map lists, ascending: writes up to `capacity` and
/// returns how many there are.
int32_t ts_face_code_points(const TSFace *face, uint32_t *codepoints, int32_t capacity);
/// The top of a glyph's ink box in font units (for cap and x heights when OS/2 lacks them).
int32_t ts_face_glyph_top(const TSFace *face, uint32_t glyph);

/// The BMP code unit `unit` shaped alone (the whole text that one unit) as ts_shape gives it,
/// with `rightToLeft` (0 or 1), `script` (an ICU script code, or -1), no language and the
/// switches: 1 with its one glyph in `*glyph` (cluster 0); 0 when the face does not keep it
/// (HarfBuzz makes other than one glyph of it, or the face's slots are taken), and the caller
/// shapes it itself; or ts_shape's error. Shaped on first use per face and key, then read
/// without a lock or a write, so threads measuring text share nothing for the units every
/// text shapes alone (the space between words, the ellipsis).
int32_t ts_face_kept_glyph(const TSFace *face, uint16_t unit, int32_t rightToLeft, int32_t script, int32_t kerning,
                           int32_t ligatures, TSGlyph *glyph);

/// One axis of a variable font ('fvar'), in design units.
typedef struct {
    char tag[5];            // "wght", "opsz", … (NUL-terminated)
    double minimum, defaultValue, maximum;
    int32_t hidden;         // the axis asks not to be shown to users
} TSAxis;

/// The variation axes of a face. Writes up to `capacity` axes and returns how many there are
/// (0 for a face that is not variable).
int32_t ts_face_axes(const TSFace *face, TSAxis *axes, int32_t capacity);
/// The named instances of a variable face ('fvar'): returns how many there are.
int32_t ts_face_named_instance_count(const TSFace *face);
/// Named instance `index`: writes its design coordinates (one per axis, in axis order, up to
/// `capacity`) and its subfamily name as UTF-8 (like ts_face_family). Returns the name's full
/// length, or -1 when there is no such instance.
int32_t ts_face_named_instance(const TSFace *face, int32_t index, double *coordinates, int32_t capacity,
                               char *name, int32_t nameCapacity);
/// Opens an instance of the variable face `base` at design coordinates (one per axis, in axis
/// order; values outside an axis are clamped by the libraries). HarfBuzz shapes it with these
/// variations and FreeType draws it with the same design coordinates; its line metrics include
/// the 'MVAR' deltas at these coordinates. The instance reads `base`'s bytes: close it before
/// `base`. Returns TS_OK or an error like ts_face_open.
int32_t ts_face_instance(const TSFace *base, const double *coordinates, int32_t count, TSFace **out);
/// Copies the table `tag` (four characters) into `buffer` (up to `capacity` bytes) and returns
/// its full length, 0 when the face has no such table.
int64_t ts_face_table(const TSFace *face, const char *tag, uint8_t *buffer, int64_t capacity);

/// 1 when no lookup of the default features that involves the space glyph (as input or as
/// context, class 0 of a class-based rule included) can change or position the code point's
/// glyph (or what a substitution makes of it), else 0. A run whose code points all answer 1
/// shapes the same cut into words at its spaces as whole, as far as lookups go (SpaceZones
/// adds what HarfBuzz's normalization and syllables need). For U+0020 itself: 1 when no such
/// lookup acts on the space; 0 for every code point when the face's runs stay whole (the
/// shortcuts are off, or the face holds what the analysis does not read or cannot bound).
int32_t ts_face_space_safe(const TSFace *face, uint32_t codepoint);
/// The widest window, in glyphs that no lookup involving the space skips, of the rules that
/// can match the space (nested lookups included), at most 15; 0 when the face's lookups cannot
/// be bounded this way (runs that ts_face_space_safe refuses then stay whole).
int32_t ts_face_zone_reach(const TSFace *face);
/// How the face's runs are cut next to spaces: -1 never (ts_face_space_safe answers 0), 0 only
/// where no lookup involving the space acts on the run, else ts_face_zone_reach. Writes what
/// is left of the face's budget (TS_FACE_BUDGET less what its analyses read) to `budgetLeft`,
/// and why runs are never cut (0, or TS_REFUSED_* bits of space.h) to `refusal`; both may be NULL.
int32_t ts_face_cut_state(const TSFace *face, int64_t *budgetLeft, int32_t *refusal);
/// What cutting runs next to spaces needs to know of `codepoint` (0 when ts_face_zone_reach
/// is 0). Bits 0-3 and 4-7: how many counting characters must stand between the code point
/// and a space on its right, and on its left, for a cut next to that space (0: it stops no
/// cut). Bit 8: it counts: it stands for at least one glyph of its own that no lookup
/// involving the space skips, joined in a ligature with no other counting character before it
/// (never a mark, a default ignorable or a missing code point). Bit 9: runs holding it stay
/// whole.
int32_t ts_face_zone_class(const TSFace *face, uint32_t codepoint);

/// HarfBuzz releases the shaping shortcuts (cutting runs at spaces, the word cache, the simple
/// path) were verified against, as major * 10000 + minor * 100 + micro: 6.0.0 to 6.0.99.
#define TS_HARFBUZZ_VERIFIED_FIRST 60000
#define TS_HARFBUZZ_VERIFIED_LAST 60099

/// Whether the shortcuts run in this process (ts_shaping_shortcuts).
enum {
    TS_SHORTCUTS_ON = 0,
    TS_SHORTCUTS_OFF_BY_REQUEST = 1,        // INTRINSIC_EXACT_SHAPING=1
    TS_SHORTCUTS_OFF_UNVERIFIED_HARFBUZZ = 2 // the linked HarfBuzz is outside the verified range
};

/// Whether shaping takes its shortcuts (TS_SHORTCUTS_ON), or why every run goes through
/// hb_shape whole. Read once per process, from the environment and hb_version().
int32_t ts_shaping_shortcuts(void);
/// The linked HarfBuzz's version, encoded as TS_HARFBUZZ_VERIFIED_FIRST is.
int32_t ts_harfbuzz_version(void);
/// 1 when an encoded version lies in the verified range.
int32_t ts_harfbuzz_version_verified(int32_t version);

/// What HarfBuzz's normalization makes of a code point, by HarfBuzz's own Unicode functions:
/// bit 0 a mark (general category Mn, Mc or Me), bit 1 a character with a canonical
/// decomposition. HarfBuzz recomposes what it decomposed, and reorders marks, only in a
/// buffer holding a mark after its first character, so a word without marks can shape
/// differently in a line that has them (SpaceZones).
int32_t ts_normalization_class(uint32_t codepoint);

/// HarfBuzz alone, the reference for how long opening a face may take: reads the file at
/// `path`, makes its face 0 and a font at units per em, and shapes `text` with guessed
/// properties. Returns the glyph count, or -1 when the file cannot be read.
int32_t ts_harfbuzz_alone(const char *path, const uint16_t *text, int32_t length);

/// ts_shape's `shapeFlags`: HarfBuzz asked the font for U+25CC DOTTED CIRCLE while shaping
/// (a broken syllable in a syllabic script, or U+25CC in the text).
enum { TS_SHAPED_DOTTED_CIRCLE = 1 };

/// Shapes `text[start ..< start+length]` (UTF-16, with the whole `text` as context) in one
/// direction (`rightToLeft` 1 or 0; -1 guesses it from the script) and script (an ICU
/// UScriptCode; -1 guesses it) and language (BCP 47, may be NULL). Thread-safe.
/// `kerning` and `ligatures` switch the 'kern' and 'liga'/'clig' features.
/// Writes up to `capacity` glyphs and returns how many there are (call again with a larger
/// buffer when the result exceeds `capacity`), or a negative TS_ERROR_*. `shapeFlags` (may be
/// NULL) receives TS_SHAPED_* bits.
int32_t ts_shape(const TSFace *face, const uint16_t *text, int32_t textLength,
                 int32_t start, int32_t length, int32_t rightToLeft, int32_t script,
                 const char *language, int32_t kerning, int32_t ligatures,
                 TSGlyph *glyphs, int32_t capacity, int32_t *shapeFlags);

/// ts_shape through hb_shape always: ts_shape shapes simple words (left to right, of a script
/// HarfBuzz's default shaper takes, of characters only cmap, advances and pair kerning touch)
/// itself, glyph for glyph as hb_shape would (docs/typesetting.md, "Shaping simple words").
/// This one is HarfBuzz's own answer, for references and for tests that compare the two.
int32_t ts_shape_harfbuzz(const TSFace *face, const uint16_t *text, int32_t textLength,
                          int32_t start, int32_t length, int32_t rightToLeft, int32_t script,
                          const char *language, int32_t kerning, int32_t ligatures,
                          TSGlyph *glyphs, int32_t capacity);

/// ts_shape's simple path alone: the glyphs as ts_shape gives them when the run is simple,
/// else TS_NOT_SIMPLE, as always with the shortcuts off (SimpleShapingTests compares them
/// with ts_shape_harfbuzz).
int32_t ts_shape_simple(const TSFace *face, const uint16_t *text, int32_t textLength,
                        int32_t start, int32_t length, int32_t rightToLeft, int32_t script,
                        const char *language, int32_t kerning, int32_t ligatures,
                        TSGlyph *glyphs, int32_t capacity);

/// UAX #14 line break opportunities of `text` (ICU's line break iterator). Writes the
/// offsets where a line may start (excluding 0, including `length`) and whether the break
/// before that offset is mandatory (1) or allowed (0). Returns the count, or TS_ERROR_ICU.
/// `capacity` must be at least `length + 1`.
int32_t ts_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                       int32_t *offsets, uint8_t *mandatory, int32_t capacity);

/// Unicode bidi embedding levels (UAX #9, ICU ubidi) for one paragraph, one per UTF-16 unit.
/// `baseDirection`: 0 left-to-right, 1 right-to-left, -1 from the first strong character.
/// Writes the paragraph level to `paragraphLevel`. Returns TS_OK or TS_ERROR_ICU.
int32_t ts_bidi_levels(const uint16_t *text, int32_t length, int32_t baseDirection,
                       uint8_t *levels, uint8_t *paragraphLevel);

/// The ICU script code (UScriptCode) of every code point, written at each UTF-16 unit of
/// it (0 = Common, 1 = Inherited). Returns TS_OK or TS_ERROR_ICU.
int32_t ts_scripts(const uint16_t *text, int32_t length, int32_t *scripts);

/// The ISO 15924 short name of an ICU script code ("Latn", "Arab", …) into `buffer`.
int32_t ts_script_name(int32_t script, char *buffer, int32_t capacity);

/// What a glyph outline element is: `ts_glyph_outline` writes one per element, with 1 (move,
/// line), 2 (quadratic: control, end) or 3 (cubic: two controls, end) points.
enum {
    TS_OUTLINE_MOVE = 0,
    TS_OUTLINE_LINE = 1,
    TS_OUTLINE_QUAD = 2,
    TS_OUTLINE_CUBIC = 3
};

/// The outline of `glyph` scaled to `size` points (unhinted), y up from the baseline, as
/// elements (`TS_OUTLINE_*`) and their points (x, y pairs). Each move starts a closed contour.
/// Writes up to `elementCapacity` elements and `pointCapacity` points (each point two doubles
/// in `points`); returns the element count and sets `*pointCount`, so a caller whose buffers
/// were too small calls again with larger ones. Returns 0 for a glyph without an outline (a
/// space, a bitmap emoji) and a negative TS_ERROR_* or FreeType error on failure. Thread-safe
/// (the face's FreeType glyph slot is locked).
int32_t ts_glyph_outline(const TSFace *face, uint32_t glyph, double size, uint8_t *elements,
                         int32_t elementCapacity, double *points, int32_t pointCapacity, int32_t *pointCount);

/// A rendered glyph. `pixels` (malloc'd; free with ts_glyph_bitmap_free) holds `rows` rows of
/// `width` pixels: one coverage byte each (`isColor` 0), or four bytes of premultiplied
/// B, G, R, A (`isColor` 1, a colour bitmap glyph such as CBDT emoji). `left` and `top` place
/// the bitmap: its first column is `left` pixels right of the pen and its first row `top`
/// pixels above the baseline. A colour bitmap comes at the size of the font's strike, so
/// multiply its size and placement by `scale` to draw it at the asked size (1 for coverage).
typedef struct {
    int32_t width, rows, left, top;
    int32_t isColor;
    double scale;
    uint8_t *pixels;
} TSGlyphBitmap;

/// Renders `glyph` anti-aliased (unhinted) at `pixelSize` pixels per em, with the pen moved
/// right by `offsetX` and down by `offsetY` pixels (fractions of a pixel, for placement between
/// pixels). Colour bitmap faces render their nearest strike in colour. Returns TS_OK (with an
/// empty bitmap for a glyph that draws nothing) or an error. Thread-safe (locked per face).
int32_t ts_glyph_bitmap(const TSFace *face, uint32_t glyph, double pixelSize, double offsetX, double offsetY,
                        TSGlyphBitmap *bitmap);
/// Frees a bitmap's pixels. NULL pixels are allowed.
void ts_glyph_bitmap_free(TSGlyphBitmap *bitmap);

/// Encodes 8-bit pixels as a PNG with libpng: `channels` 3 (RGB) or 4 (RGBA, straight alpha),
/// rows top to bottom, `width * channels` bytes each. On TS_OK `*png` (malloc'd; free with
/// ts_free) holds `*length` bytes. Errors: TS_ERROR_NO_MEMORY, or TS_ERROR_PNG when libpng
/// refuses (for example a zero or too large size).
int32_t ts_png_encode(const uint8_t *pixels, int32_t width, int32_t height, int32_t channels, uint8_t **png,
                      int64_t *length);
/// Decodes a PNG with libpng into 8-bit RGBA (straight alpha): on TS_OK `*pixels` (malloc'd;
/// free with ts_free) holds `*width * *height * 4` bytes. TS_ERROR_PNG when it is not a PNG.
int32_t ts_png_decode(const uint8_t *png, int64_t length, uint8_t **pixels, int32_t *width, int32_t *height);
/// Frees a buffer the shim allocated.
void ts_free(void *buffer);

#ifdef __cplusplus
}
#endif

#endif
