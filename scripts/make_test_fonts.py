#!/usr/bin/env python3
"""Generate the tiny test font used by the pixel-rounding and controls tests.

    python3 scripts/make_test_fonts.py [OUTPUT_DIR]

Writes `TestBoxes.ttf` (default: Tests/TypesettingTests/Fixtures/). The font's numbers
are chosen to match the iOS system font's vertical metrics exactly, so every measurement
can be computed by hand:

- unitsPerEm 2048; hhea ascender 1950, descender -494, lineGap 0; OS/2 sTypo the same,
  usWinAscent 1950, usWinDescent 494; sCapHeight 1400, sxHeight 1000.
  => lineHeight = size * 2444 / 2048 (17 pt -> 20.287109375, 15 pt -> 17.900390625).
- advances (font units): lowercase a-z 1024 (half an em), uppercase A-Z 1280,
  digits 0-9 1152, space 512, U+00A0 512, hyphen 640, period 512, U+2026 (ellipsis) 1536.
- one GPOS kern pair: A V -256 (so "AV" is 1280 + 1280 - 256 = 2304 units).
- every glyph is a simple box so FreeType and HarfBuzz read real outlines.

Only fontTools is needed (`pip install fonttools`). The generated file is committed, so
the tests never need fontTools.
"""
import os
import sys

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

UPEM = 2048
ASCENDER = 1950
DESCENDER = -494
CAP_HEIGHT = 1400
X_HEIGHT = 1000

LOWER = 1024
UPPER = 1280
DIGIT = 1152
SPACE = 512
HYPHEN = 640
PERIOD = 512
ELLIPSIS = 1536
KERN_AV = -256


def box(width, top):
    pen = TTGlyphPen(None)
    if width > 0 and top > 0:
        inset = min(64, width // 8)
        pen.moveTo((inset, 0))
        pen.lineTo((inset, top))
        pen.lineTo((width - inset, top))
        pen.lineTo((width - inset, 0))
        pen.closePath()
    return pen.glyph()


def build(path):
    # (glyph name, code point or None, advance, ink top)
    glyphs = [(".notdef", None, LOWER, 1400)]
    glyphs.append(("space", 0x20, SPACE, 0))
    glyphs.append(("uni00A0", 0xA0, SPACE, 0))
    glyphs.append(("hyphen", 0x2D, HYPHEN, 600))
    glyphs.append(("period", 0x2E, PERIOD, 200))
    glyphs.append(("ellipsis", 0x2026, ELLIPSIS, 200))
    for c in range(ord("A"), ord("Z") + 1):
        glyphs.append((chr(c), c, UPPER, CAP_HEIGHT))
    for c in range(ord("a"), ord("z") + 1):
        glyphs.append((chr(c), c, LOWER, X_HEIGHT))
    for i, c in enumerate(range(ord("0"), ord("9") + 1)):
        glyphs.append(("digit%d" % i, c, DIGIT, CAP_HEIGHT))

    fb = FontBuilder(UPEM, isTTF=True)
    fb.setupGlyphOrder([g[0] for g in glyphs])
    fb.setupCharacterMap({g[1]: g[0] for g in glyphs if g[1] is not None})
    fb.setupGlyf({g[0]: box(g[2], g[3]) for g in glyphs})
    fb.setupHorizontalMetrics({g[0]: (g[2], min(64, g[2] // 8)) for g in glyphs})
    fb.setupHorizontalHeader(ascent=ASCENDER, descent=DESCENDER, lineGap=0)
    fb.setupNameTable({"familyName": "Test Boxes", "styleName": "Regular", "psName": "TestBoxes-Regular"})
    fb.setupOS2(
        version=4,
        usWeightClass=400,
        sTypoAscender=ASCENDER,
        sTypoDescender=DESCENDER,
        sTypoLineGap=0,
        usWinAscent=ASCENDER,
        usWinDescent=-DESCENDER,
        sCapHeight=CAP_HEIGHT,
        sxHeight=X_HEIGHT,
        fsSelection=0x40,  # REGULAR
    )
    fb.setupPost()
    addOpenTypeFeaturesFromString(
        fb.font,
        "languagesystem DFLT dflt;\nlanguagesystem latn dflt;\n"
        "feature kern { pos A V %d; } kern;\n" % KERN_AV,
    )
    fb.save(path)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "Tests", "TypesettingTests", "Fixtures")
    out = sys.argv[1] if len(sys.argv) > 1 else default
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "TestBoxes.ttf")
    build(path)
    print(os.path.normpath(path))


if __name__ == "__main__":
    main()
