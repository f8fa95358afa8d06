// Private to CTextShim: whether the shaping shortcuts run in this process (harfbuzz.c).
#ifndef CTEXTSHIM_HARFBUZZ_H
#define CTEXTSHIM_HARFBUZZ_H

// 1 when ts_shaping_shortcuts() is TS_SHORTCUTS_ON.
int ts_shortcuts_on(void);

#endif
