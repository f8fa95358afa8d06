// CTextShim: see include/CTextShim.h. Kept deliberately small: open and read faces,
// shape one run, draw glyphs with FreeType and write PNGs with libpng. ICU's breaks, bidi
// levels and scripts, and the objects each thread keeps for itself, are in thread.c.
#include "CTextShim.h"
#include "face.h"
#include "harfbuzz.h"
#include "simple.h"
#include "space.h"

#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
#include FT_TRUETYPE_IDS_H
#include FT_OUTLINE_H
#include FT_MULTIPLE_MASTERS_H

#include <hb.h>
#include <hb-ot.h>

#include <unicode/uscript.h>

#include <png.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static unsigned char *read_file(const char *path, long *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    if (fseek(file, 0, SEEK_END) != 0) { fclose(file); return NULL; }
    long length = ftell(file);
    if (length <= 0 || fseek(file, 0, SEEK_SET) != 0) { fclose(file); return NULL; }
    unsigned char *bytes = malloc((size_t)length);
    if (!bytes) { fclose(file); return NULL; }
    if (fread(bytes, 1, (size_t)length, file) != (size_t)length) {
        free(bytes);
        fclose(file);
        return NULL;
    }
    fclose(file);
    *size = length;
    return bytes;
}

void ts_face_close(TSFace *face) {
    if (!face) return;
    ts_thread_forget(face);
    if (face->spaceInteracting) hb_set_destroy(face->spaceInteracting);
    if (face->uncounted) hb_set_destroy(face->uncounted);
    free(face->zoneReaches);
    free(face->glyphReaches);
    // FreeType reads the bytes, which the blob may free: its face goes first.
    if (face->ftFace) FT_Done_Face(face->ftFace);
    if (face->library) FT_Done_FreeType(face->library);
    if (face->hbFont) hb_font_destroy(face->hbFont);
    if (face->hbFace) hb_face_destroy(face->hbFace);
    if (face->blob) hb_blob_destroy(face->blob);
    if (face->hasLock) pthread_mutex_destroy(&face->ftLock);
    if (face->ownsBytes) free(face->bytes);
    free(face);
}

static void fill_info(TSFace *face) {
    FT_Face ft = face->ftFace;
    TSFaceInfo *info = &face->info;
    memset(info, 0, sizeof(*info));
    info->unitsPerEm = (int32_t)hb_face_get_upem(face->hbFace);
    info->glyphCount = (int32_t)hb_face_get_glyph_count(face->hbFace);
    info->faceCount = (int32_t)ft->num_faces;
    info->weightClass = 400;
    TT_HoriHeader *hhea = FT_Get_Sfnt_Table(ft, FT_SFNT_HHEA);
    if (hhea) {
        info->hheaAscender = hhea->Ascender;
        info->hheaDescender = hhea->Descender;
        info->hheaLineGap = hhea->Line_Gap;
    }
    TT_OS2 *os2 = FT_Get_Sfnt_Table(ft, FT_SFNT_OS2);
    if (os2 && os2->version != 0xFFFF) {
        info->hasOS2 = 1;
        info->typoAscender = os2->sTypoAscender;
        info->typoDescender = os2->sTypoDescender;
        info->typoLineGap = os2->sTypoLineGap;
        info->winAscent = os2->usWinAscent;
        info->winDescent = os2->usWinDescent;
        info->useTypoMetrics = (os2->fsSelection & (1 << 7)) ? 1 : 0;
        if (os2->usWeightClass >= 1 && os2->usWeightClass <= 1000) info->weightClass = os2->usWeightClass;
        if (os2->fsSelection & 1) info->isItalic = 1;
        if (os2->version >= 2) {
            info->capHeight = os2->sCapHeight;
            info->xHeight = os2->sxHeight;
        }
    }
    if (ft->style_flags & FT_STYLE_FLAG_ITALIC) info->isItalic = 1;
    info->isColor = (FT_HAS_COLOR(ft) || hb_ot_color_has_png(face->hbFace) ||
                     hb_ot_color_has_layers(face->hbFace) || hb_ot_color_has_svg(face->hbFace))
                        ? 1
                        : 0;
}

static uint64_t be32(const unsigned char *bytes) {
    return ((uint64_t)bytes[0] << 24) | ((uint64_t)bytes[1] << 16) | ((uint64_t)bytes[2] << 8) | bytes[3];
}

// Checks that the sfnt table directory of face `index`, and every table it lists, lie inside
// the file's bytes. Returns 0 when they do, else the TSTruncation kind.
static int32_t find_truncation(const unsigned char *bytes, uint64_t size, int32_t index, TSTruncation *out) {
    if (size < 12) return 1;
    uint64_t start = 0;
    if (memcmp(bytes, "ttcf", 4) == 0) {
        uint64_t entry = 12 + 4 * (uint64_t)index;
        if (entry + 4 > size) return 2;
        start = be32(bytes + entry);
    }
    if (start + 12 > size) return 1;
    uint64_t tables = ((uint64_t)bytes[start + 4] << 8) | bytes[start + 5];
    if (start + 12 + 16 * tables > size) return 3;
    for (uint64_t table = 0; table < tables; table++) {
        const unsigned char *record = bytes + start + 12 + 16 * table;
        uint64_t end = be32(record + 8) + be32(record + 12);
        if (end > size) {
            memcpy(out->tag, record, 4);
            out->tag[4] = 0;
            out->end = (int64_t)end;
            return 4;
        }
    }
    return 0;
}

int32_t ts_face_covers(const TSFace *face, uint32_t codepoint) {
    if (codepoint < 0x10000) return (face->coverage[codepoint >> 3] >> (codepoint & 7)) & 1;
    hb_codepoint_t glyph = 0;
    return hb_font_get_nominal_glyph(ts_thread_font(face), codepoint, &glyph) && glyph != 0;
}

int32_t ts_face_code_points(const TSFace *face, uint32_t *codepoints, int32_t capacity) {
    hb_set_t *set = hb_set_create();
    hb_face_collect_unicodes(face->hbFace, set);
    int32_t count = 0;
    for (hb_codepoint_t cp = HB_SET_VALUE_INVALID; hb_set_next(set, &cp); count++)
        if (codepoints && count < capacity) codepoints[count] = cp;
    hb_set_destroy(set);
    return count;
}

int32_t ts_face_space_safe(const TSFace *face, uint32_t codepoint) {
    if (codepoint == 0x2044 || face->refused) return 0;
    if (codepoint < 0x10000) {
        if (!((face->coverage[codepoint >> 3] >> (codepoint & 7)) & 1)) return face->notdefInteracting ? 0 : 1;
        return ((face->spaceUnsafe[codepoint >> 3] >> (codepoint & 7)) & 1) ? 0 : 1;
    }
    hb_codepoint_t glyph = 0;
    if (!hb_font_get_nominal_glyph(ts_thread_font(face), codepoint, &glyph)) glyph = 0;
    return hb_set_has(face->spaceInteracting, glyph) ? 0 : 1;
}

// Whether `codepoint` (whose nominal glyph is `glyph`) stands for at least one glyph of its
// own that no lookup involving the space skips, joined with no other such character.
static int zone_counts(const TSFace *face, uint32_t codepoint, hb_codepoint_t glyph) {
    return glyph != 0 && !hb_set_has(face->uncounted, glyph) && ts_may_count(codepoint);
}

int32_t ts_face_zone_reach(const TSFace *face) { return face->zoneReach; }

int32_t ts_face_cut_state(const TSFace *face, int64_t *budgetLeft, int32_t *refusal) {
    if (budgetLeft) *budgetLeft = atomic_load((_Atomic long *)&face->budget);
    if (refusal) *refusal = face->refused;
    return face->refused ? -1 : face->zoneReach;
}

// The reach bits of a code point whose nominal glyph is `glyph` (0 when the face lacks it):
// the glyph's own, or the widest either way for a missing code point or a mark (HarfBuzz may
// put another glyph in its place or compose it with the character before).
static uint8_t zone_reach_bits(const TSFace *face, uint32_t codepoint, hb_codepoint_t glyph) {
    uint8_t widest = (uint8_t)((face->zoneReach << 4) | face->zoneReach);
    if (glyph == 0 || ts_is_mark(codepoint) || glyph >= face->glyphReachCount) return widest;
    return face->glyphReaches[glyph];
}

int32_t ts_face_zone_class(const TSFace *face, uint32_t codepoint) {
    if (face->zoneReach <= 0) return 0;
    // HarfBuzz turns on frac, numr and dnom around U+2044, features the reach leaves out.
    if (codepoint == 0x2044) return 0x200;
    if (codepoint < 0x10000)
        return face->zoneReaches[codepoint] | ((((face->zoneCounts[codepoint >> 3] >> (codepoint & 7)) & 1)) << 8);
    hb_codepoint_t glyph = 0;
    if (!hb_font_get_nominal_glyph(ts_thread_font(face), codepoint, &glyph)) glyph = 0;
    return zone_reach_bits(face, codepoint, glyph) | (zone_counts(face, codepoint, glyph) ? 0x100 : 0);
}

int32_t ts_face_open(const char *path, int32_t index, TSFace **out, TSTruncation *truncation) {
    *out = NULL;
    TSFace *face = calloc(1, sizeof(TSFace));
    if (!face) return TS_ERROR_NO_MEMORY;
    if (pthread_mutex_init(&face->ftLock, NULL) != 0) { free(face); return TS_ERROR_NO_MEMORY; }
    face->hasLock = 1;
    long size = 0;
    face->bytes = read_file(path, &size);
    if (!face->bytes) { ts_face_close(face); return TS_ERROR_OPEN; }
    face->ownsBytes = 1;
    face->serial = ts_next_face_serial();
    face->size = size;
    face->index = index;
    FT_Error error = FT_Init_FreeType(&face->library);
    if (error) { ts_face_close(face); return (int32_t)error; }
    error = FT_New_Memory_Face(face->library, face->bytes, (FT_Long)size, index, &face->ftFace);
    if (error) { ts_face_close(face); return (int32_t)error; }
    if (!FT_IS_SFNT(face->ftFace)) { ts_face_close(face); return TS_ERROR_NOT_SCALABLE; }
    TSTruncation cut = {0, {0}, 0, (int64_t)size};
    cut.kind = find_truncation(face->bytes, (uint64_t)size, index, &cut);
    if (truncation) *truncation = cut;
    if (cut.kind != 0) { ts_face_close(face); return TS_ERROR_TRUNCATED; }
    // From here the blob owns the bytes (HarfBuzz frees them at once if it cannot make it).
    face->ownsBytes = 0;
    face->blob = hb_blob_create((const char *)face->bytes, (unsigned int)size,
                                HB_MEMORY_MODE_READONLY, face->bytes, free);
    if (face->blob == hb_blob_get_empty()) {
        face->blob = NULL;
        face->bytes = NULL;
        ts_face_close(face);
        return TS_ERROR_NO_MEMORY;
    }
    face->hbFace = hb_face_create(face->blob, (unsigned int)index);
    face->hbFont = hb_font_create(face->hbFace);
    if (!face->hbFont) { ts_face_close(face); return TS_ERROR_NO_MEMORY; }
    unsigned int upem = hb_face_get_upem(face->hbFace);
    hb_font_set_scale(face->hbFont, (int)upem, (int)upem);
    hb_font_make_immutable(face->hbFont);
    // The analyses share one budget per face; with the shortcuts off none runs.
    long budget = TS_FACE_BUDGET;
    TSSpaceAnalysis analysis;
    if (ts_shortcuts_on()) {
        ts_space_analysis(face->hbFace, face->hbFont, &budget, &analysis);
    } else {
        memset(&analysis, 0, sizeof(analysis));
        analysis.interacting = hb_set_create();
        analysis.uncounted = hb_set_create();
        analysis.refused = TS_REFUSED_SHORTCUTS_OFF;
    }
    face->refused = analysis.refused;
    atomic_store(&face->budget, budget);
    if (face->refused) {
        free(analysis.reaches);
        analysis.reaches = NULL;
        analysis.reach = 0;
        analysis.glyphCount = 0;
    }
    face->spaceInteracting = analysis.interacting;
    face->uncounted = analysis.uncounted;
    face->zoneReach = analysis.reach;
    face->glyphReaches = analysis.reaches;
    face->glyphReachCount = analysis.glyphCount;
    if (face->zoneReach > 0) {
        face->zoneReaches = malloc(0x10000);
        if (!face->zoneReaches) face->zoneReach = 0;
    }
    hb_set_t *unicodes = hb_set_create();
    hb_face_collect_unicodes(face->hbFace, unicodes);
    for (hb_codepoint_t cp = HB_SET_VALUE_INVALID; hb_set_next(unicodes, &cp) && cp < 0x10000;) {
        hb_codepoint_t glyph = 0;
        if (hb_font_get_nominal_glyph(face->hbFont, cp, &glyph) && glyph != 0) {
            face->coverage[cp >> 3] |= (uint8_t)(1u << (cp & 7));
            if (hb_set_has(face->spaceInteracting, glyph)) face->spaceUnsafe[cp >> 3] |= (uint8_t)(1u << (cp & 7));
            if (face->zoneReach > 0 && zone_counts(face, cp, glyph)) face->zoneCounts[cp >> 3] |= (uint8_t)(1u << (cp & 7));
        }
    }
    hb_set_destroy(unicodes);
    face->notdefInteracting = hb_set_has(face->spaceInteracting, 0);
    for (uint32_t cp = 0; face->zoneReach > 0 && cp < 0x10000; cp++) {
        hb_codepoint_t glyph = 0;
        if ((face->coverage[cp >> 3] >> (cp & 7)) & 1) hb_font_get_nominal_glyph(face->hbFont, cp, &glyph);
        face->zoneReaches[cp] = zone_reach_bits(face, cp, glyph);
    }
    fill_info(face);
    if (face->info.unitsPerEm <= 0 || face->info.glyphCount <= 0) {
        ts_face_close(face);
        return TS_ERROR_NO_UNITS;
    }
    *out = face;
    return TS_OK;
}

void ts_face_info(const TSFace *face, TSFaceInfo *info) { *info = face->info; }

int32_t ts_face_axes(const TSFace *face, TSAxis *axes, int32_t capacity) {
    unsigned int count = hb_ot_var_get_axis_count(face->hbFace);
    if (count == 0 || !axes || capacity <= 0) return (int32_t)count;
    hb_ot_var_axis_info_t infos[64];
    unsigned int wanted = (unsigned int)capacity < 64 ? (unsigned int)capacity : 64;
    hb_ot_var_get_axis_infos(face->hbFace, 0, &wanted, infos);
    for (unsigned int i = 0; i < wanted; i++) {
        hb_tag_to_string(infos[i].tag, axes[i].tag);
        axes[i].tag[4] = 0;
        axes[i].minimum = infos[i].min_value;
        axes[i].defaultValue = infos[i].default_value;
        axes[i].maximum = infos[i].max_value;
        axes[i].hidden = (infos[i].flags & HB_OT_VAR_AXIS_FLAG_HIDDEN) ? 1 : 0;
    }
    return (int32_t)count;
}

int32_t ts_face_named_instance_count(const TSFace *face) {
    return (int32_t)hb_ot_var_get_named_instance_count(face->hbFace);
}

int32_t ts_face_named_instance(const TSFace *face, int32_t index, double *coordinates, int32_t capacity,
                               char *name, int32_t nameCapacity) {
    if (index < 0 || (unsigned int)index >= hb_ot_var_get_named_instance_count(face->hbFace)) return -1;
    float coords[64];
    unsigned int count = 64;
    hb_ot_var_named_instance_get_design_coords(face->hbFace, (unsigned int)index, &count, coords);
    for (unsigned int i = 0; i < count && (int32_t)i < capacity; i++) coordinates[i] = coords[i];
    hb_ot_name_id_t id = hb_ot_var_named_instance_get_subfamily_name_id(face->hbFace, (unsigned int)index);
    char text[256];
    unsigned int length = sizeof(text);
    unsigned int full = hb_ot_name_get_utf8(face->hbFace, id, HB_LANGUAGE_INVALID, &length, text);
    if (full == 0) {
        length = sizeof(text);
        full = hb_ot_name_get_utf8(face->hbFace, id, hb_language_from_string("en", -1), &length, text);
    }
    return ts_copy_out(text, length, name, nameCapacity);
}

// An 'MVAR' delta in whole font units, bounded so that a hostile table cannot overflow int32.
static int32_t metric_delta(hb_font_t *font, hb_ot_metrics_tag_t tag) {
    float delta = hb_ot_metrics_get_variation(font, tag);
    if (!(delta > -1e6f)) return delta != delta ? 0 : -1000000;
    if (!(delta < 1e6f)) return 1000000;
    return (int32_t)lroundf(delta);
}

int32_t ts_face_instance(const TSFace *base, const double *coordinates, int32_t count, TSFace **out) {
    *out = NULL;
    unsigned int axisCount = hb_ot_var_get_axis_count(base->hbFace);
    if (axisCount == 0 || axisCount > 64 || count != (int32_t)axisCount) return FT_Err_Invalid_Argument;
    TSFace *face = calloc(1, sizeof(TSFace));
    if (!face) return TS_ERROR_NO_MEMORY;
    if (pthread_mutex_init(&face->ftLock, NULL) != 0) { free(face); return TS_ERROR_NO_MEMORY; }
    face->hasLock = 1;
    face->isInstance = 1;
    face->serial = ts_next_face_serial();
    face->blob = hb_blob_reference(base->blob);
    face->bytes = base->bytes;
    face->size = base->size;
    face->index = base->index;
    FT_Error error = FT_Init_FreeType(&face->library);
    if (error) { ts_face_close(face); return (int32_t)error; }
    error = FT_New_Memory_Face(face->library, face->bytes, (FT_Long)face->size, face->index, &face->ftFace);
    if (error) { ts_face_close(face); return (int32_t)error; }
    FT_Fixed fixed[64];
    float design[64];
    for (unsigned int i = 0; i < axisCount; i++) {
        fixed[i] = (FT_Fixed)lround(coordinates[i] * 65536.0);
        design[i] = (float)coordinates[i];
        face->coordinates[i] = design[i];
    }
    face->coordinateCount = axisCount;
    error = FT_Set_Var_Design_Coordinates(face->ftFace, axisCount, fixed);
    if (error) { ts_face_close(face); return (int32_t)error; }
    face->hbFace = hb_face_reference(base->hbFace);
    face->hbFont = hb_font_create(face->hbFace);
    if (!face->hbFont) { ts_face_close(face); return TS_ERROR_NO_MEMORY; }
    unsigned int upem = hb_face_get_upem(face->hbFace);
    hb_font_set_scale(face->hbFont, (int)upem, (int)upem);
    hb_font_set_var_coords_design(face->hbFont, design, axisCount);
    hb_font_make_immutable(face->hbFont);
    face->spaceInteracting = hb_set_reference(base->spaceInteracting);
    face->refused = base->refused;
    atomic_store(&face->budget, atomic_load((_Atomic long *)&base->budget));
    memcpy(face->coverage, base->coverage, sizeof(face->coverage));
    memcpy(face->spaceUnsafe, base->spaceUnsafe, sizeof(face->spaceUnsafe));
    face->notdefInteracting = base->notdefInteracting;
    face->uncounted = hb_set_reference(base->uncounted);
    face->zoneReach = base->zoneReach;
    memcpy(face->zoneCounts, base->zoneCounts, sizeof(face->zoneCounts));
    if (base->zoneReach > 0) {
        face->zoneReaches = malloc(0x10000);
        face->glyphReaches = malloc(base->glyphReachCount + 1);
        if (face->zoneReaches && face->glyphReaches) {
            memcpy(face->zoneReaches, base->zoneReaches, 0x10000);
            memcpy(face->glyphReaches, base->glyphReaches, base->glyphReachCount);
            face->glyphReachCount = base->glyphReachCount;
        } else {
            face->zoneReach = 0;
        }
    }
    // Line metrics of the instance: the default instance's values plus the 'MVAR' deltas at
    // these coordinates. 'hasc', 'hdsc' and 'hlgp' vary the hhea values as well as OS/2's sTypo
    // ones, as HarfBuzz's hb_ot_metrics_get_position does.
    TSFaceInfo info = base->info;
    hb_font_t *font = face->hbFont;
    int32_t ascender = metric_delta(font, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER);
    int32_t descender = metric_delta(font, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER);
    int32_t gap = metric_delta(font, HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP);
    info.hheaAscender += ascender;
    info.hheaDescender += descender;
    info.hheaLineGap += gap;
    info.typoAscender += ascender;
    info.typoDescender += descender;
    info.typoLineGap += gap;
    info.winAscent += metric_delta(font, HB_OT_METRICS_TAG_HORIZONTAL_CLIPPING_ASCENT);
    info.winDescent += metric_delta(font, HB_OT_METRICS_TAG_HORIZONTAL_CLIPPING_DESCENT);
    if (info.capHeight > 0) info.capHeight += metric_delta(font, HB_OT_METRICS_TAG_CAP_HEIGHT);
    if (info.xHeight > 0) info.xHeight += metric_delta(font, HB_OT_METRICS_TAG_X_HEIGHT);
    hb_ot_var_axis_info_t axes[64];
    unsigned int n = axisCount;
    hb_ot_var_get_axis_infos(base->hbFace, 0, &n, axes);
    for (unsigned int i = 0; i < n; i++) {
        double value = coordinates[i];
        if (value < axes[i].min_value) value = axes[i].min_value;
        if (value > axes[i].max_value) value = axes[i].max_value;
        if (axes[i].tag == HB_TAG('w', 'g', 'h', 't') && value >= 1 && value <= 1000) info.weightClass = (int32_t)lround(value);
        if (axes[i].tag == HB_TAG('i', 't', 'a', 'l') && value >= 0.5) info.isItalic = 1;
        if (axes[i].tag == HB_TAG('s', 'l', 'n', 't') && value < 0) info.isItalic = 1;
    }
    face->info = info;
    *out = face;
    return TS_OK;
}

int64_t ts_face_table(const TSFace *face, const char *tag, uint8_t *buffer, int64_t capacity) {
    hb_blob_t *blob = hb_face_reference_table(face->hbFace, hb_tag_from_string(tag, 4));
    unsigned int length = 0;
    const char *data = hb_blob_get_data(blob, &length);
    if (buffer && data && capacity > 0) memcpy(buffer, data, (size_t)(capacity < (int64_t)length ? capacity : (int64_t)length));
    hb_blob_destroy(blob);
    return (int64_t)length;
}

int32_t ts_copy_out(const char *text, size_t length, char *buffer, int32_t capacity) {
    if (buffer && capacity > 0) {
        size_t n = length < (size_t)(capacity - 1) ? length : (size_t)(capacity - 1);
        memcpy(buffer, text, n);
        buffer[n] = 0;
    }
    return (int32_t)length;
}

// Appends one code point as UTF-8.
static size_t put_utf8(char *out, uint32_t cp) {
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) { out[0] = (char)(0xC0 | (cp >> 6)); out[1] = (char)(0x80 | (cp & 0x3F)); return 2; }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12)); out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F)); return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18)); out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); out[3] = (char)(0x80 | (cp & 0x3F)); return 4;
}

// Reads name `nameID` from the 'name' table: Windows Unicode first, then Mac Roman (ASCII part).
static int32_t sfnt_name(const TSFace *face, FT_UShort nameID, char *buffer, int32_t capacity) {
    FT_UInt count = FT_Get_Sfnt_Name_Count(face->ftFace);
    int found = -1, foundMac = -1;
    for (FT_UInt i = 0; i < count; i++) {
        FT_SfntName name;
        if (FT_Get_Sfnt_Name(face->ftFace, i, &name)) continue;
        if (name.name_id != nameID) continue;
        if (name.platform_id == TT_PLATFORM_MICROSOFT && (name.encoding_id == TT_MS_ID_UNICODE_CS || name.encoding_id == TT_MS_ID_SYMBOL_CS)) {
            if (found < 0 || name.language_id == TT_MS_LANGID_ENGLISH_UNITED_STATES) found = (int)i;
        } else if (name.platform_id == TT_PLATFORM_MACINTOSH && name.encoding_id == TT_MAC_ID_ROMAN && foundMac < 0) {
            foundMac = (int)i;
        }
    }
    FT_SfntName name;
    if (found >= 0 && !FT_Get_Sfnt_Name(face->ftFace, (FT_UInt)found, &name)) {
        char *utf8 = malloc((size_t)name.string_len * 2 + 4);
        if (!utf8) return -1;
        size_t n = 0;
        for (FT_UInt j = 0; j + 1 < name.string_len; j += 2) {
            uint32_t unit = ((uint32_t)name.string[j] << 8) | name.string[j + 1];
            if (unit >= 0xD800 && unit < 0xDC00 && j + 3 < name.string_len) {
                uint32_t low = ((uint32_t)name.string[j + 2] << 8) | name.string[j + 3];
                unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                j += 2;
            }
            n += put_utf8(utf8 + n, unit);
        }
        int32_t result = ts_copy_out(utf8, n, buffer, capacity);
        free(utf8);
        return result;
    }
    if (foundMac >= 0 && !FT_Get_Sfnt_Name(face->ftFace, (FT_UInt)foundMac, &name)) {
        char *ascii = malloc((size_t)name.string_len + 1);
        if (!ascii) return -1;
        size_t n = 0;
        for (FT_UInt j = 0; j < name.string_len; j++) ascii[n++] = name.string[j] < 0x80 ? (char)name.string[j] : '?';
        int32_t result = ts_copy_out(ascii, n, buffer, capacity);
        free(ascii);
        return result;
    }
    return -1;
}

// The typographic name (`typographicID`), else the legacy one (`legacyID`), else FreeType's.
static int32_t preferred_name(const TSFace *face, FT_UShort typographicID, FT_UShort legacyID,
                              const char *freetypeName, char *buffer, int32_t capacity) {
    int32_t n = sfnt_name(face, typographicID, buffer, capacity);
    if (n > 0) return n;
    n = sfnt_name(face, legacyID, buffer, capacity);
    if (n > 0) return n;
    if (!freetypeName) freetypeName = "";
    return ts_copy_out(freetypeName, strlen(freetypeName), buffer, capacity);
}

int32_t ts_face_family(const TSFace *face, char *buffer, int32_t capacity) {
    return preferred_name(face, TT_NAME_ID_TYPOGRAPHIC_FAMILY, TT_NAME_ID_FONT_FAMILY, face->ftFace->family_name,
                          buffer, capacity);
}

int32_t ts_face_style(const TSFace *face, char *buffer, int32_t capacity) {
    return preferred_name(face, TT_NAME_ID_TYPOGRAPHIC_SUBFAMILY, TT_NAME_ID_FONT_SUBFAMILY, face->ftFace->style_name,
                          buffer, capacity);
}

int32_t ts_face_postscript_name(const TSFace *face, char *buffer, int32_t capacity) {
    const char *name = FT_Get_Postscript_Name(face->ftFace);
    if (!name) name = "";
    return ts_copy_out(name, strlen(name), buffer, capacity);
}

uint32_t ts_face_glyph(const TSFace *face, uint32_t codepoint) {
    hb_codepoint_t glyph = 0;
    if (!hb_font_get_nominal_glyph(ts_thread_font(face), codepoint, &glyph)) return 0;
    return glyph;
}

int32_t ts_face_glyph_top(const TSFace *face, uint32_t glyph) {
    hb_glyph_extents_t extents;
    if (!hb_font_get_glyph_extents(ts_thread_font(face), glyph, &extents)) return 0;
    return extents.y_bearing;
}

// How shape() takes a run: hb_shape always (ts_shape_harfbuzz), the simple path else hb_shape
// (ts_shape), the simple path alone (ts_shape_simple).
enum { SHAPE_HARFBUZZ, SHAPE_ANY, SHAPE_SIMPLE };

// MARK: Broken syllables

// HarfBuzz 6.0's syllabic shapers (Indic, Khmer, Myanmar, the Universal Shaping Engine) put
// U+25CC DOTTED CIRCLE before a broken syllable, asking the font for its glyph first
// (hb_syllabic_insert_dotted_circles), but skip one whose syllable number (counted from the
// buffer's start, from 1 to 15 and round again) and type equal those of the last broken
// syllable they gave a circle: whether a word gets its circle can depend on the words before
// it. A font wrapped around the thread's own notes the request (TS_SHAPED_DOTTED_CIRCLE), and
// a run whose cut parts hold two or more broken syllables is shaped whole (Itemizer.shapeRun;
// ExactShapingTests.testBengaliBrokenSyllablesShapeAsTheWholeLine).
static hb_bool_t hook_nominal_glyph(hb_font_t *font, void *data, hb_codepoint_t unicode, hb_codepoint_t *glyph,
                                    void *user) {
    (void)user;
    if (unicode == 0x25CC) *(int *)data = 1;
    return hb_font_get_nominal_glyph(hb_font_get_parent(font), unicode, glyph);
}

static unsigned int hook_nominal_glyphs(hb_font_t *font, void *data, unsigned int count,
                                        const hb_codepoint_t *first_unicode, unsigned int unicode_stride,
                                        hb_codepoint_t *first_glyph, unsigned int glyph_stride, void *user) {
    (void)user;
    const char *unicode = (const char *)first_unicode;
    for (unsigned int i = 0; i < count; i++, unicode += unicode_stride)
        if (*(const hb_codepoint_t *)unicode == 0x25CC) *(int *)data = 1;
    return hb_font_get_nominal_glyphs(hb_font_get_parent(font), count, first_unicode, unicode_stride, first_glyph,
                                      glyph_stride);
}

static hb_bool_t hook_variation_glyph(hb_font_t *font, void *data, hb_codepoint_t unicode,
                                      hb_codepoint_t selector, hb_codepoint_t *glyph, void *user) {
    (void)user;
    if (unicode == 0x25CC) *(int *)data = 1;
    return hb_font_get_variation_glyph(hb_font_get_parent(font), unicode, selector, glyph);
}

static hb_font_funcs_t *hookFuncs;
static pthread_once_t hookOnce = PTHREAD_ONCE_INIT;

static void make_hook_funcs(void) {
    hb_font_funcs_t *funcs = hb_font_funcs_create();
    hb_font_funcs_set_nominal_glyph_func(funcs, hook_nominal_glyph, NULL, NULL);
    hb_font_funcs_set_nominal_glyphs_func(funcs, hook_nominal_glyphs, NULL, NULL);
    hb_font_funcs_set_variation_glyph_func(funcs, hook_variation_glyph, NULL, NULL);
    hb_font_funcs_make_immutable(funcs);
    hookFuncs = funcs;
}

// Scripts whose shapers never insert a dotted circle that depends on the text before it: the
// default shaper's, Arabic's, Hebrew's, Thai's and Hangul's (Hangul's circle before a stray
// tone mark depends on the character before it only).
static int breaks_no_syllables(hb_script_t script) {
    switch (script) {
    case HB_SCRIPT_LATIN:
    case HB_SCRIPT_CYRILLIC:
    case HB_SCRIPT_GREEK:
    case HB_SCRIPT_COMMON:
    case HB_SCRIPT_INHERITED:
    case HB_SCRIPT_HAN:
    case HB_SCRIPT_HIRAGANA:
    case HB_SCRIPT_KATAKANA:
    case HB_SCRIPT_ARMENIAN:
    case HB_SCRIPT_GEORGIAN:
    case HB_SCRIPT_ARABIC:
    case HB_SCRIPT_HEBREW:
    case HB_SCRIPT_THAI:
    case HB_SCRIPT_LAO:
    case HB_SCRIPT_HANGUL: return 1;
    default: return 0;
    }
}

static int32_t shape(const TSFace *face, const uint16_t *text, int32_t textLength, int32_t start, int32_t length,
                     int32_t rightToLeft, int32_t script, const char *language, int32_t kerning, int32_t ligatures,
                     TSGlyph *glyphs, int32_t capacity, int32_t *shapeFlags, int mode) {
    if (shapeFlags) *shapeFlags = 0;
    hb_buffer_t *buffer = ts_thread_buffer();
    if (!buffer) return TS_ERROR_NO_MEMORY;
    hb_buffer_add_utf16(buffer, text, textLength, (unsigned int)start, length);
    if (rightToLeft >= 0) hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    const char *scriptName = script >= 0 ? uscript_getShortName((UScriptCode)script) : NULL;
    hb_script_t hbScript = scriptName ? hb_script_from_string(scriptName, -1) : HB_SCRIPT_INVALID;
    if (hbScript != HB_SCRIPT_INVALID && hbScript != HB_SCRIPT_UNKNOWN) {
        hb_buffer_set_script(buffer, hbScript);
    }
    if (language && language[0]) hb_buffer_set_language(buffer, hb_language_from_string(language, -1));
    hb_buffer_guess_segment_properties(buffer);
    hb_feature_t features[3];
    unsigned int featureCount = 0;
    if (!kerning) {
        features[featureCount++] = (hb_feature_t){HB_TAG('k', 'e', 'r', 'n'), 0, 0, (unsigned int)-1};
    }
    if (!ligatures) {
        features[featureCount++] = (hb_feature_t){HB_TAG('l', 'i', 'g', 'a'), 0, 0, (unsigned int)-1};
        features[featureCount++] = (hb_feature_t){HB_TAG('c', 'l', 'i', 'g'), 0, 0, (unsigned int)-1};
    }
    // The thread's own font for the face (thread.c): nothing another thread writes.
    hb_font_t *font = ts_thread_font(face);
    if (mode != SHAPE_HARFBUZZ && ts_shortcuts_on()) {
        // A simple word is shaped without the shaper, exactly as it would shape it (simple.c).
        int32_t simpleCount = ts_simple_shape(face->hbFont, font, buffer, features, featureCount, glyphs, capacity,
                                              (_Atomic long *)&face->budget);
        if (simpleCount >= 0 || mode == SHAPE_SIMPLE) return simpleCount >= 0 ? simpleCount : TS_NOT_SIMPLE;
    } else if (mode == SHAPE_SIMPLE) {
        return TS_NOT_SIMPLE;
    }
    hb_font_t *hooked = NULL;
    int askedForCircle = 0;
    if (shapeFlags && !breaks_no_syllables(hb_buffer_get_script(buffer))) {
        pthread_once(&hookOnce, make_hook_funcs);
        hooked = hb_font_create_sub_font(font);
        hb_font_set_funcs(hooked, hookFuncs, &askedForCircle, NULL);
    }
    hb_shape(hooked ? hooked : font, buffer, featureCount ? features : NULL, featureCount);
    if (hooked) hb_font_destroy(hooked);
    if (shapeFlags && askedForCircle) *shapeFlags |= TS_SHAPED_DOTTED_CIRCLE;
    unsigned int count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, NULL);
    unsigned int n = count < (unsigned int)capacity ? count : (unsigned int)capacity;
    for (unsigned int i = 0; i < n; i++) {
        glyphs[i].glyph = infos[i].codepoint;
        glyphs[i].cluster = infos[i].cluster;
        glyphs[i].xAdvance = positions[i].x_advance;
        glyphs[i].yAdvance = positions[i].y_advance;
        glyphs[i].xOffset = positions[i].x_offset;
        glyphs[i].yOffset = positions[i].y_offset;
        glyphs[i].unsafeToBreak = (hb_glyph_info_get_glyph_flags(&infos[i]) & HB_GLYPH_FLAG_UNSAFE_TO_BREAK) ? 1 : 0;
    }
    return (int32_t)count;
}

int32_t ts_shape(const TSFace *face, const uint16_t *text, int32_t textLength, int32_t start, int32_t length,
                 int32_t rightToLeft, int32_t script, const char *language, int32_t kerning, int32_t ligatures,
                 TSGlyph *glyphs, int32_t capacity, int32_t *shapeFlags) {
    return shape(face, text, textLength, start, length, rightToLeft, script, language, kerning, ligatures, glyphs,
                 capacity, shapeFlags, SHAPE_ANY);
}

int32_t ts_shape_harfbuzz(const TSFace *face, const uint16_t *text, int32_t textLength, int32_t start,
                          int32_t length, int32_t rightToLeft, int32_t script, const char *language,
                          int32_t kerning, int32_t ligatures, TSGlyph *glyphs, int32_t capacity) {
    return shape(face, text, textLength, start, length, rightToLeft, script, language, kerning, ligatures, glyphs,
                 capacity, NULL, SHAPE_HARFBUZZ);
}

int32_t ts_shape_simple(const TSFace *face, const uint16_t *text, int32_t textLength, int32_t start, int32_t length,
                        int32_t rightToLeft, int32_t script, const char *language, int32_t kerning,
                        int32_t ligatures, TSGlyph *glyphs, int32_t capacity) {
    return shape(face, text, textLength, start, length, rightToLeft, script, language, kerning, ligatures, glyphs,
                 capacity, NULL, SHAPE_SIMPLE);
}

#define KEPT_SLOT_WRITING 1ull
#define KEPT_SLOT_READY (1ull << 63)

int32_t ts_face_kept_glyph(const TSFace *face, uint16_t unit, int32_t rightToLeft, int32_t script, int32_t kerning,
                           int32_t ligatures, TSGlyph *glyph) {
    uint64_t key = KEPT_SLOT_READY | ((uint64_t)unit << 40) | ((uint64_t)(uint32_t)script << 8) |
                   (rightToLeft ? 1u : 0u) | (kerning ? 2u : 0u) | (ligatures ? 4u : 0u);
    TSFace *shared = (TSFace *)face;
    int room = 0;
    for (int i = 0; i < TS_KEPT_SLOTS; i++) {
        uint64_t found = atomic_load_explicit(&shared->kept[i].key, memory_order_acquire);
        if (found == key) {
            *glyph = shared->kept[i].glyph;
            return 1;
        }
        // Slots fill in order, so the first empty one ends the kept keys.
        if (found == 0) {
            room = 1;
            break;
        }
    }
    // Every slot taken by other keys: the caller shapes it, and nothing is shaped here.
    if (!room) return 0;
    const uint16_t text[1] = {unit};
    TSGlyph glyphs[4];
    int32_t count = ts_shape(face, text, 1, 0, 1, rightToLeft ? 1 : 0, script, NULL, kerning, ligatures, glyphs, 4, NULL);
    if (count < 0) return count;
    if (count != 1 || glyphs[0].cluster != 0) return 0;
    *glyph = glyphs[0];
    // Kept in the first empty slot this thread can claim; a slot another thread is filling, or
    // fills with the same key meanwhile, only costs a duplicate (a reader finds the first).
    for (int i = 0; i < TS_KEPT_SLOTS; i++) {
        uint64_t expected = 0;
        if (atomic_compare_exchange_strong_explicit(&shared->kept[i].key, &expected, KEPT_SLOT_WRITING,
                                                    memory_order_acq_rel, memory_order_acquire)) {
            shared->kept[i].glyph = glyphs[0];
            atomic_store_explicit(&shared->kept[i].key, key, memory_order_release);
            break;
        }
        if (expected == key) break;
    }
    return 1;
}

// MARK: Drawing glyphs

typedef struct {
    uint8_t *elements;
    int32_t elementCapacity, elementCount;
    double *points;
    int32_t pointCapacity, pointCount;
    double scale;
} OutlineSink;

static void outline_add(OutlineSink *sink, uint8_t kind, int count, const FT_Vector *const *vectors) {
    if (sink->elementCount < sink->elementCapacity && sink->elements) sink->elements[sink->elementCount] = kind;
    sink->elementCount++;
    for (int i = 0; i < count; i++) {
        if (sink->pointCount < sink->pointCapacity && sink->points) {
            sink->points[2 * sink->pointCount] = (double)vectors[i]->x * sink->scale;
            sink->points[2 * sink->pointCount + 1] = (double)vectors[i]->y * sink->scale;
        }
        sink->pointCount++;
    }
}
static int outline_move(const FT_Vector *to, void *user) {
    const FT_Vector *v[1] = {to};
    outline_add(user, TS_OUTLINE_MOVE, 1, v);
    return 0;
}
static int outline_line(const FT_Vector *to, void *user) {
    const FT_Vector *v[1] = {to};
    outline_add(user, TS_OUTLINE_LINE, 1, v);
    return 0;
}
static int outline_quad(const FT_Vector *control, const FT_Vector *to, void *user) {
    const FT_Vector *v[2] = {control, to};
    outline_add(user, TS_OUTLINE_QUAD, 2, v);
    return 0;
}
static int outline_cubic(const FT_Vector *control1, const FT_Vector *control2, const FT_Vector *to, void *user) {
    const FT_Vector *v[3] = {control1, control2, to};
    outline_add(user, TS_OUTLINE_CUBIC, 3, v);
    return 0;
}

int32_t ts_glyph_outline(const TSFace *face, uint32_t glyph, double size, uint8_t *elements,
                         int32_t elementCapacity, double *points, int32_t pointCapacity, int32_t *pointCount) {
    *pointCount = 0;
    if (glyph >= (uint32_t)face->info.glyphCount) return 0;
    pthread_mutex_t *lock = (pthread_mutex_t *)&face->ftLock;
    pthread_mutex_lock(lock);
    // Font units, unhinted: the outline as designed, scaled here to points. An instance of a
    // variable face is loaded at one pixel per font unit instead (26.6 fixed point), so that
    // FreeType applies its design coordinates.
    FT_Error error = 0;
    double unit = 1;
    FT_Int32 flags = FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
    if (face->isInstance) {
        error = FT_Set_Char_Size(face->ftFace, 0, (FT_F26Dot6)face->info.unitsPerEm * 64, 72, 72);
        flags = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
        unit = 1.0 / 64.0;
    }
    if (!error) error = FT_Load_Glyph(face->ftFace, glyph, flags);
    if (error || face->ftFace->glyph->format != FT_GLYPH_FORMAT_OUTLINE) {
        pthread_mutex_unlock(lock);
        // A glyph of a bitmap-only face (CBDT emoji) has no outline: it draws nothing here.
        return error && FT_IS_SCALABLE(face->ftFace) ? (int32_t)error : 0;
    }
    OutlineSink sink = {elements, elementCapacity, 0, points, pointCapacity, 0, unit * size / (double)face->info.unitsPerEm};
    FT_Outline_Funcs funcs = {outline_move, outline_line, outline_quad, outline_cubic, 0, 0};
    error = FT_Outline_Decompose(&face->ftFace->glyph->outline, &funcs, &sink);
    pthread_mutex_unlock(lock);
    if (error) return (int32_t)error;
    *pointCount = sink.pointCount;
    return sink.elementCount;
}

void ts_glyph_bitmap_free(TSGlyphBitmap *bitmap) {
    if (!bitmap) return;
    free(bitmap->pixels);
    bitmap->pixels = NULL;
}

// Copies FreeType's bitmap into a tight buffer: coverage bytes, or premultiplied BGRA.
static int32_t copy_bitmap(const FT_Bitmap *source, TSGlyphBitmap *out) {
    out->width = (int32_t)source->width;
    out->rows = (int32_t)source->rows;
    if (out->width == 0 || out->rows == 0) {
        out->width = out->rows = 0;
        return TS_OK;
    }
    int bytes = source->pixel_mode == FT_PIXEL_MODE_BGRA ? 4 : 1;
    if (source->pixel_mode != FT_PIXEL_MODE_BGRA && source->pixel_mode != FT_PIXEL_MODE_GRAY &&
        source->pixel_mode != FT_PIXEL_MODE_MONO) {
        return FT_Err_Invalid_Pixel_Size;
    }
    out->isColor = bytes == 4;
    out->pixels = malloc((size_t)out->width * (size_t)out->rows * (size_t)bytes);
    if (!out->pixels) return TS_ERROR_NO_MEMORY;
    for (int32_t y = 0; y < out->rows; y++) {
        const unsigned char *row = source->buffer + (ptrdiff_t)y * source->pitch;
        uint8_t *target = out->pixels + (size_t)y * (size_t)out->width * (size_t)bytes;
        if (source->pixel_mode == FT_PIXEL_MODE_MONO) {
            for (int32_t x = 0; x < out->width; x++) target[x] = (row[x >> 3] & (0x80 >> (x & 7))) ? 255 : 0;
        } else if (source->pixel_mode == FT_PIXEL_MODE_GRAY && source->num_grays != 256 && source->num_grays > 1) {
            for (int32_t x = 0; x < out->width; x++) target[x] = (uint8_t)(row[x] * 255 / (source->num_grays - 1));
        } else {
            memcpy(target, row, (size_t)out->width * (size_t)bytes);
        }
    }
    return TS_OK;
}

int32_t ts_glyph_bitmap(const TSFace *face, uint32_t glyph, double pixelSize, double offsetX, double offsetY,
                        TSGlyphBitmap *bitmap) {
    memset(bitmap, 0, sizeof(*bitmap));
    bitmap->scale = 1;
    if (!(pixelSize > 0 && pixelSize <= 16384)) return FT_Err_Invalid_Pixel_Size;
    if (glyph >= (uint32_t)face->info.glyphCount) return FT_Err_Invalid_Glyph_Index;
    FT_Face ft = face->ftFace;
    pthread_mutex_t *lock = (pthread_mutex_t *)&face->ftLock;
    pthread_mutex_lock(lock);
    FT_Error error;
    FT_Int32 flags = FT_LOAD_NO_HINTING;
    if (!FT_IS_SCALABLE(ft) && ft->num_fixed_sizes > 0) {
        // A bitmap font (CBDT emoji): the smallest strike at least as large, else the largest.
        int best = 0;
        for (int i = 1; i < ft->num_fixed_sizes; i++) {
            FT_Pos have = ft->available_sizes[best].y_ppem, candidate = ft->available_sizes[i].y_ppem;
            double wanted = pixelSize * 64;
            if ((have < wanted && candidate > have) || (candidate >= wanted && candidate < have)) best = i;
        }
        error = FT_Select_Size(ft, best);
        double strike = (double)ft->available_sizes[best].y_ppem / 64.0;
        if (strike > 0) bitmap->scale = pixelSize / strike;
        flags = FT_LOAD_COLOR;
    } else {
        error = FT_Set_Char_Size(ft, 0, (FT_F26Dot6)lround(pixelSize * 64), 72, 72);
        flags |= FT_LOAD_NO_BITMAP;
    }
    if (!error) error = FT_Load_Glyph(ft, glyph, flags);
    if (!error && ft->glyph->format == FT_GLYPH_FORMAT_OUTLINE) {
        FT_Outline_Translate(&ft->glyph->outline, (FT_Pos)lround(offsetX * 64), -(FT_Pos)lround(offsetY * 64));
        error = FT_Render_Glyph(ft->glyph, FT_RENDER_MODE_NORMAL);
    }
    if (!error) {
        bitmap->left = ft->glyph->bitmap_left;
        bitmap->top = ft->glyph->bitmap_top;
        error = copy_bitmap(&ft->glyph->bitmap, bitmap);
    }
    pthread_mutex_unlock(lock);
    if (error) ts_glyph_bitmap_free(bitmap);
    return (int32_t)error;
}

// MARK: PNG

int32_t ts_png_encode(const uint8_t *pixels, int32_t width, int32_t height, int32_t channels, uint8_t **png,
                      int64_t *length) {
    *png = NULL;
    *length = 0;
    if (width <= 0 || height <= 0 || (channels != 3 && channels != 4)) return TS_ERROR_PNG;
    png_image image;
    memset(&image, 0, sizeof(image));
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = channels == 4 ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB;
    png_alloc_size_t size = 0;
    if (!png_image_write_get_memory_size(image, size, 0, pixels, 0, NULL)) {
        png_image_free(&image);
        return TS_ERROR_PNG;
    }
    uint8_t *buffer = malloc(size);
    if (!buffer) return TS_ERROR_NO_MEMORY;
    if (!png_image_write_to_memory(&image, buffer, &size, 0, pixels, 0, NULL)) {
        png_image_free(&image);
        free(buffer);
        return TS_ERROR_PNG;
    }
    *png = buffer;
    *length = (int64_t)size;
    return TS_OK;
}

int32_t ts_png_decode(const uint8_t *png, int64_t length, uint8_t **pixels, int32_t *width, int32_t *height) {
    *pixels = NULL;
    *width = *height = 0;
    if (length <= 0) return TS_ERROR_PNG;
    png_image image;
    memset(&image, 0, sizeof(image));
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, png, (size_t)length)) return TS_ERROR_PNG;
    image.format = PNG_FORMAT_RGBA;
    uint8_t *buffer = malloc(PNG_IMAGE_SIZE(image));
    if (!buffer) {
        png_image_free(&image);
        return TS_ERROR_NO_MEMORY;
    }
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        png_image_free(&image);
        free(buffer);
        return TS_ERROR_PNG;
    }
    *pixels = buffer;
    *width = (int32_t)image.width;
    *height = (int32_t)image.height;
    return TS_OK;
}

void ts_free(void *buffer) { free(buffer); }
