/* The Pango reference for `benchmarks corpus`: measures every text of a corpus TSV
 * (`language<TAB>text` lines after a header, `\n` `\t` `\r` `\\` escaped) with Pango's FT2
 * backend, fontconfig limited to one fonts directory, word-char wrapping, at one font and width,
 * and prints one JSON line: wall and CPU microseconds per text (medians over the runs), texts, lines.
 *
 * Each text gets a new PangoLayout (a cold measurement: itemize, shape, break), as
 * `benchmarks corpus` prepares each text anew with an empty shaping cache.
 *
 * usage: pango_corpus FONTS_DIR CORPUS.tsv [FAMILY] [SIZE] [WIDTH] [RUNS]
 * Built and run by scripts/bench-corpus. */
#include <fontconfig/fontconfig.h>
#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char **load(const char *path, size_t *count) {
  FILE *file = fopen(path, "rb");
  if (!file) { fprintf(stderr, "pango_corpus: cannot open %s\n", path); exit(66); }
  size_t capacity = 1024, n = 0;
  char **texts = malloc(capacity * sizeof *texts);
  char *line = NULL;
  size_t size = 0;
  ssize_t length;
  int first = 1;
  while ((length = getline(&line, &size, file)) >= 0) {
    if (length > 0 && line[length - 1] == '\n') line[--length] = 0;
    char *tab = strchr(line, '\t');
    if (!tab) continue;
    if (first && strncmp(line, "language\t", 9) == 0) { first = 0; continue; }
    first = 0;
    char *text = malloc(strlen(tab + 1) + 1), *out = text;
    for (char *in = tab + 1; *in; in++) {
      if (*in == '\\' && in[1]) {
        in++;
        *out++ = *in == 'n' ? '\n' : *in == 't' ? '\t' : *in == 'r' ? '\r' : *in;
      } else {
        *out++ = *in;
      }
    }
    *out = 0;
    if (n == capacity) texts = realloc(texts, (capacity *= 2) * sizeof *texts);
    texts[n++] = text;
  }
  free(line);
  fclose(file);
  *count = n;
  return texts;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* CPU time of this thread: the figure that holds when the machine is shared and loaded. */
static double cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: pango_corpus FONTS_DIR CORPUS.tsv [FAMILY] [SIZE] [WIDTH] [RUNS]\n");
    return 64;
  }
  const char *family = argc > 3 ? argv[3] : "Inter";
  double points = argc > 4 ? atof(argv[4]) : 17;
  double width = argc > 5 ? atof(argv[5]) : 343;
  int runs = argc > 6 ? atoi(argv[6]) : 5;
  if (runs < 1 || runs > 100 || points <= 0 || width <= 0) {
    fprintf(stderr, "pango_corpus: SIZE and WIDTH must be positive, RUNS 1 to 100\n");
    return 64;
  }

  /* Only the fonts of FONTS_DIR: a new, empty configuration with that one directory. */
  FcConfig *config = FcConfigCreate();
  char xml[8192];
  snprintf(xml, sizeof xml,
           "<fontconfig><dir>%s</dir><cachedir prefix=\"xdg\">fontconfig</cachedir></fontconfig>", argv[1]);
  if (strlen(argv[1]) > 4000 || !FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)xml, FcTrue) ||
      !FcConfigBuildFonts(config) || !FcConfigSetCurrent(config)) {
    fprintf(stderr, "pango_corpus: cannot load the fonts directory %s\n", argv[1]);
    return 66;
  }

  size_t count;
  char **texts = load(argv[2], &count);
  if (count == 0) { fprintf(stderr, "pango_corpus: %s holds no texts\n", argv[2]); return 65; }

  PangoFontMap *map = pango_ft2_font_map_new();
  pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72); /* 1 pt = 1 px */
  PangoContext *context = pango_font_map_create_context(map);
  PangoFontDescription *font = pango_font_description_new();
  pango_font_description_set_family(font, family);
  pango_font_description_set_absolute_size(font, points * PANGO_SCALE);
  pango_context_set_font_description(context, font);

  /* One untimed pass opens every fallback face, as `benchmarks corpus` does. */
  double *times = malloc(runs * sizeof *times), *cpus = malloc(runs * sizeof *cpus);
  long lines = 0;
  for (int run = -1; run < runs; run++) {
    double start = now(), cpuStart = cpu();
    long total = 0;
    for (size_t i = 0; i < count; i++) {
      PangoLayout *layout = pango_layout_new(context);
      pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_text(layout, texts[i], -1);
      int w, h;
      pango_layout_get_size(layout, &w, &h);
      total += pango_layout_get_line_count(layout);
      g_object_unref(layout);
    }
    double elapsed = now() - start;
    if (run >= 0) {
      times[run] = elapsed * 1e6 / count;
      cpus[run] = (cpu() - cpuStart) * 1e6 / count;
    }
    lines = total;
  }
  qsort(times, runs, sizeof *times, compare);
  qsort(cpus, runs, sizeof *cpus, compare);
  printf("{\"benchmark\":\"pango\",\"measure\":\"firstMeasurement\",\"pango\":\"%s\",\"texts\":%zu,\"runs\":%d,"
         "\"usPerText\":%.3f,\"cpuUsPerText\":%.3f,\"lines\":%ld,\"width\":%g,\"size\":%g}\n",
         pango_version_string(), count, runs, times[runs / 2], cpus[runs / 2], lines, width, points);
  return 0;
}
