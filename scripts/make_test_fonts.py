#!/usr/bin/env python3
"""Generate the tiny test fonts used by the typesetting and controls tests.

    python3 scripts/make_test_fonts.py [OUTPUT_DIR]

Writes into OUTPUT_DIR (default: Tests/TypesettingTests/Fixtures/):

- `TestBoxes.ttf`, below;
- `TestVariable.ttf`, a variable font with 'wght' and 'opsz' axes whose advances change
  along both (see build_variable);
- `TestTracking.ttf`, a static font with a 'trak' table holding Apple's published SF Pro
  tracking values (see build_tracking);
- `TestLineGap.ttf`, a static font with a non-zero hhea line gap (see build_line_gap);
- `TestSlant.ttf`, a variable font with a 'slnt' axis and no italic file (see build_slant);
- `TestCopyApp.ttf` and `TestCopyPod.ttf`, one PostScript name in two files of different
  widths (see build_copies);
- `SystemFont/`, box fonts under SF Pro's family names (see build_system).

`TestBoxes.ttf`'s numbers are chosen to match the iOS system font's vertical metrics exactly,
so every measurement can be computed by hand:

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


def box_glyphs(lower, upper, digit, space):
    """(glyph name, code point or None, advance, ink top) for the box fonts' repertoire."""
    glyphs = [(".notdef", None, lower, CAP_HEIGHT)]
    glyphs.append(("space", 0x20, space, 0))
    glyphs.append(("uni00A0", 0xA0, space, 0))
    glyphs.append(("hyphen", 0x2D, HYPHEN, 600))
    glyphs.append(("period", 0x2E, PERIOD, 200))
    glyphs.append(("ellipsis", 0x2026, ELLIPSIS, 200))
    for c in range(ord("A"), ord("Z") + 1):
        glyphs.append((chr(c), c, upper, CAP_HEIGHT))
    for c in range(ord("a"), ord("z") + 1):
        glyphs.append((chr(c), c, lower, X_HEIGHT))
    for i, c in enumerate(range(ord("0"), ord("9") + 1)):
        glyphs.append(("digit%d" % i, c, digit, CAP_HEIGHT))
    return glyphs


def static_font(glyphs, family, style, upem, ascender, descender, line_gap, weight=400):
    """A FontBuilder holding box glyphs with the given vertical metrics (hhea and OS/2 alike)."""
    fb = FontBuilder(upem, isTTF=True)
    fb.setupGlyphOrder([g[0] for g in glyphs])
    fb.setupCharacterMap({g[1]: g[0] for g in glyphs if g[1] is not None})
    fb.setupGlyf({g[0]: box(g[2], g[3]) for g in glyphs})
    fb.setupHorizontalMetrics({g[0]: (g[2], min(64, g[2] // 8)) for g in glyphs})
    fb.setupHorizontalHeader(ascent=ascender, descent=descender, lineGap=line_gap)
    ps = family.replace(" ", "") + "-" + style.replace(" ", "")
    fb.setupNameTable({"familyName": family, "styleName": style, "psName": ps})
    fb.setupOS2(
        version=4,
        usWeightClass=weight,
        sTypoAscender=ascender,
        sTypoDescender=descender,
        sTypoLineGap=line_gap,
        usWinAscent=ascender,
        usWinDescent=-descender,
        sCapHeight=CAP_HEIGHT,
        sxHeight=X_HEIGHT,
        fsSelection=0x40,
    )
    fb.setupPost()
    return fb


# TestVariable.ttf: axes wght 400-700 (default 400) and opsz 17-28-96 (default 28, the
# Display end, as the system font's axis runs). Advances, in units of 2048 per em, per master
# (lowercase, uppercase, digit, space):
VARIABLE_MASTERS = {
    # (wght, opsz): advances
    (400, 17): (1100, 1376, 1238, 550),
    (400, 28): (1000, 1250, 1125, 500),
    (400, 96): (950, 1188, 1069, 475),
    (700, 17): (1265, 1582, 1424, 633),
    (700, 28): (1150, 1438, 1294, 575),
    (700, 96): (1093, 1366, 1229, 546),
}
# The Bold masters' ascender is 2050 instead of 1950 (hhea and OS/2 sTypo alike), so 'MVAR'
# varies the line metrics along 'wght'.
VARIABLE_BOLD_ASCENDER = 2050


def build_variable(path, work, family="Test Variable"):
    from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, InstanceDescriptor, SourceDescriptor
    from fontTools.varLib import build as build_varfont

    doc = DesignSpaceDocument()
    for tag, name, lo, default, hi in (("wght", "Weight", 400, 400, 700), ("opsz", "Optical size", 17, 28, 96)):
        axis = AxisDescriptor()
        axis.tag, axis.name, axis.minimum, axis.default, axis.maximum = tag, name, lo, default, hi
        doc.addAxis(axis)
    for (wght, opsz), (lower, upper, digit, space) in sorted(VARIABLE_MASTERS.items()):
        ascender = VARIABLE_BOLD_ASCENDER if wght == 700 else ASCENDER
        style = "W%d O%d" % (wght, opsz)
        fb = static_font(box_glyphs(lower, upper, digit, space), family, style, UPEM, ascender, DESCENDER, 0, wght)
        master = os.path.join(work, "TestVariable-%d-%d.ttf" % (wght, opsz))
        fb.save(master)
        source = SourceDescriptor()
        source.path = master
        source.location = {"Weight": wght, "Optical size": opsz}
        doc.addSource(source)
    for name, wght in (("Regular", 400), ("Bold", 700)):
        instance = InstanceDescriptor()
        instance.styleName = name
        instance.familyName = family
        instance.location = {"Weight": wght, "Optical size": 28}
        doc.addInstance(instance)
    font, _, _ = build_varfont(doc)
    font.save(path)


# TestSlant.ttf: a variable font with one 'slnt' axis (-12 to 0, default 0) and no italic
# file: italic is asked for through the axis. Its slanted master's lowercase is 1100 units
# wide (upright 1000), so the tests can see which instance measured.
def build_slant(path, work):
    from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, SourceDescriptor
    from fontTools.varLib import build as build_varfont

    doc = DesignSpaceDocument()
    axis = AxisDescriptor()
    axis.tag, axis.name, axis.minimum, axis.default, axis.maximum = "slnt", "Slant", -12, 0, 0
    doc.addAxis(axis)
    for slant, lower in ((0, 1000), (-12, 1100)):
        fb = static_font(box_glyphs(lower, 1250, 1125, 500), "Test Slant", "S%d" % -slant, UPEM, ASCENDER, DESCENDER, 0)
        master = os.path.join(work, "TestSlant%d.ttf" % -slant)
        fb.save(master)
        source = SourceDescriptor()
        source.path = master
        source.location = {"Slant": slant}
        doc.addSource(source)
    font, _, _ = build_varfont(doc)
    font.save(path)


# TestTracking.ttf: 1000 units per em, so the 'trak' values below are thousandths of an em.
# Track 0 holds the values Apple publishes for SF Pro (Human Interface Guidelines, Typography,
# "Tracking values"), at the sizes where the table changes direction.
TRACKING_VALUES = {6: 41, 12: 0, 17: -26, 20: -23, 28: 14, 96: 0}


def add_tracking(fb):
    from fontTools.ttLib import newTable
    from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry

    trak = newTable("trak")
    trak.version = 1.0
    trak.format = 0
    data = TrackData()
    data[0.0] = TrackTableEntry(TRACKING_VALUES, nameIndex=256)
    trak.horizData = data
    trak.vertData = TrackData()
    fb.font["trak"] = trak


def build_tracking(path):
    glyphs = box_glyphs(500, 625, 562, 250)
    fb = static_font(glyphs, "Test Tracking", "Regular", 1000, 952, -241, 0)
    add_tracking(fb)
    fb.save(path)


# SystemFont/: fonts under the system font's family names, standing in for the SF Pro files a
# user supplies (the tests add the folder as --font-dir would). 1000 units per em, SF Pro's
# tracking; lowercase advances tell the faces apart: SF Pro Text 550, SF Pro Display 500, and
# a Bold of each 600 / 560. `SF-Pro.ttf` is TestVariable.ttf's design under the family "SF Pro".
SYSTEM_STATIC = {
    ("SF Pro Text", "Regular", 400): 550,
    ("SF Pro Text", "Bold", 700): 600,
    ("SF Pro Display", "Regular", 400): 500,
    ("SF Pro Display", "Bold", 700): 560,
}


def build_system(folder, work):
    os.makedirs(os.path.join(folder, "Static"), exist_ok=True)
    os.makedirs(os.path.join(folder, "Variable"), exist_ok=True)
    paths = []
    for (family, style, weight), lower in sorted(SYSTEM_STATIC.items()):
        glyphs = box_glyphs(lower, lower + 100, lower + 50, lower // 2)
        fb = static_font(glyphs, family, style, 1000, 952, -241, 0, weight)
        add_tracking(fb)
        path = os.path.join(folder, "Static", "%s-%s.ttf" % (family.replace(" ", "-"), style))
        fb.save(path)
        paths.append(path)
    path = os.path.join(folder, "Variable", "SF-Pro.ttf")
    build_variable(path, work, family="SF Pro")
    paths.append(path)
    return paths


# TestLineGap.ttf: TestBoxes' glyphs with hhea (and sTypo) line gap 200 of 2048 units.
LINE_GAP = 200


def build_line_gap(path):
    glyphs = box_glyphs(LOWER, UPPER, DIGIT, SPACE)
    static_font(glyphs, "Test Line Gap", "Regular", UPEM, ASCENDER, DESCENDER, LINE_GAP).save(path)


# TestCopyApp.ttf and TestCopyPod.ttf: two files of one face, PostScript name
# "TestCopy-Regular", as an app's font and a dependency's copy of it (under Pods/) might be;
# the copy's lowercase letters are 1536 units wide instead of 1024, so a measurement tells
# which file was read.
COPY_POD_LOWER = 1536


def build_copies(out):
    paths = []
    for name, lower in (("TestCopyApp.ttf", LOWER), ("TestCopyPod.ttf", COPY_POD_LOWER)):
        path = os.path.join(out, name)
        glyphs = box_glyphs(lower, UPPER, DIGIT, SPACE)
        static_font(glyphs, "Test Copy", "Regular", UPEM, ASCENDER, DESCENDER, 0).save(path)
        paths.append(path)
    return paths


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "Tests", "TypesettingTests", "Fixtures")
    out = sys.argv[1] if len(sys.argv) > 1 else default
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "TestBoxes.ttf")
    build(path)
    print(os.path.normpath(path))
    import tempfile

    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(out, "TestVariable.ttf")
        build_variable(path, work)
        print(os.path.normpath(path))
        path = os.path.join(out, "TestSlant.ttf")
        build_slant(path, work)
        print(os.path.normpath(path))
        for path in build_system(os.path.join(out, "SystemFont"), work):
            print(os.path.normpath(path))
    for name, builder in (("TestTracking.ttf", build_tracking), ("TestLineGap.ttf", build_line_gap)):
        path = os.path.join(out, name)
        builder(path)
        print(os.path.normpath(path))
    for path in build_copies(out):
        print(os.path.normpath(path))


if __name__ == "__main__":
    main()
