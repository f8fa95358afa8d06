/* Line counts by Pango for `scripts/pango-lines`: reads `language<TAB>width<TAB>fonts<TAB>text`
 * lines (fonts: the font files to use, separated by ':', the first one's family asked for),
 * lays each text out with Pango's FT2 backend, fontconfig limited to exactly those files,
 * word-char wrapping, 17 pt at 72 dpi with unrounded glyph positions, the given width and
 * language, and prints
 * `lines<TAB>width` per input line (width in points, the widest line's logical width).
 *
 * usage: pango_lines < samples.tsv */
#include <fontconfig/fontconfig.h>
#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char *line = NULL;
  size_t size = 0;
  ssize_t length;
  while ((length = getline(&line, &size, stdin)) >= 0) {
    if (length > 0 && line[length - 1] == '\n') line[--length] = 0;
    char *fields[4];
    int n = 0;
    char *cursor = line;
    while (n < 4) {
      fields[n++] = cursor;
      char *tab = strchr(cursor, '\t');
      if (!tab) break;
      *tab = 0;
      cursor = tab + 1;
    }
    if (n < 4) { printf("0\t0\n"); continue; }
    FcConfig *config = FcConfigCreate();
    char *files = strdup(fields[2]);
    char *family = NULL;
    for (char *file = strtok(files, ":"); file; file = strtok(NULL, ":")) {
      FcConfigAppFontAddFile(config, (const FcChar8 *)file);
      if (!family) {
        FcPattern *pattern = FcFreeTypeQuery((const FcChar8 *)file, 0, NULL, NULL);
        FcChar8 *name = NULL;
        if (pattern && FcPatternGetString(pattern, FC_FAMILY, 0, &name) == FcResultMatch) family = strdup((char *)name);
        if (pattern) FcPatternDestroy(pattern);
      }
    }
    free(files);
    PangoFontMap *map = pango_ft2_font_map_new();
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72);
    PangoContext *context = pango_font_map_create_context(map);
    /* Unhinted, unrounded advances, as ours (and Core Text) measure. */
    pango_context_set_round_glyph_positions(context, FALSE);
    pango_context_set_language(context, pango_language_from_string(fields[0]));
    PangoFontDescription *font = pango_font_description_new();
    pango_font_description_set_family(font, family ? family : "sans-serif");
    pango_font_description_set_absolute_size(font, 17 * PANGO_SCALE);
    pango_context_set_font_description(context, font);
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_width(layout, (int)(atof(fields[1]) * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_text(layout, fields[3], -1);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    printf("%d\t%.3f\n", pango_layout_get_line_count(layout), logical.width / (double)PANGO_SCALE);
    g_object_unref(layout);
    pango_font_description_free(font);
    g_object_unref(context);
    g_object_unref(map);
    free(family);
  }
  free(line);
  return 0;
}
