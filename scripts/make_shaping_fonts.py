#!/usr/bin/env python3
"""Build the fonts that pin exact shaping: fonts whose lookups reach across spaces in every way
the analysis must catch, fonts that bring HarfBuzz to its buffer limits, and a font whose
space rules span 65,535 glyphs.

    python3 scripts/make_shaping_fonts.py [OUTPUT_DIR] [--seeds SEED_DIR]

Writes into OUTPUT_DIR (default: Tests/TypesettingTests/Fixtures/Shaping/) one TrueType font
per case below, and with --seeds one input of the `shaping` fuzz target per font into SEED_DIR
(32 bytes of text choices, then the font; see Sources/FuzzHarness/ShapingHarness.swift), plus
one per subset of a real font (REAL_SEEDS: Inter and Debian's fonts-noto-core, which
scripts/bootstrap.sh installs) with every layout feature kept.
Every font maps a-z, A-Z, 0-9, space, period, comma, hyphen, U+0301, U+0323 and U+00E9, with
box outlines; upem 1000, advances 500 (lowercase), 600 (uppercase), 250 (space).

- `kern-any`: a class pair kern whose class 0 ("any other glyph", the space among them)
  moves T, V and W by -120 after them (GPOS 2 format 2).
- `context-any`: a chained context rule, class-based, turning "a" into "a.alt" before any
  glyph of class 0 (the space among them), and "b" after one (GSUB 6 format 2).
- `context-any-input`: a context rule whose second input glyph is class 0, with a nested
  single substitution that turns the space into a wide space (GSUB 5 format 2).
- `space-rules`: lookups naming the space: kerning "T space" and "space A", a ligature
  "f space f", and a contextual rule turning "x" into "x.alt" two glyphs after a space.
- `space-skipped`: GDEF classes the space as a ligature, and a kern pair "T A" in a lookup
  that ignores ligatures kerns across it.
- `space-mark`: GDEF classes the space as a mark; a kern pair "a b" skips marks.
- `kern-table`: no GPOS, an old 'kern' table (format 0) with pairs holding the space.
- `rand`: 'rand' alternates of "a".
- `no-precomposed`: no glyph for U+00E9, so HarfBuzz decomposes it; 'mark' positions U+0301.
- `limit-glyphs`: three lookups that each turn "a" into eight "a": a line of 40 "a" would grow
  past HarfBuzz's 16,384 glyphs, words of it do not.
- `limit-calls`: a rule calling 3,000 nested lookups at each "a": a line exhausts HarfBuzz's
  nested-call budget (1,024 per character, at least 16,384), short words do not.
- `huge-space-rules`: 65,535 glyphs; 64 chained context rules whose every coverage spans all
  of them, the space included, and a class kern over all of them. Opening it must stay
  within 50 ms of what HarfBuzz alone needs (ExactShapingTests): reading every glyph of
  every coverage would take seconds, and the face's budget stops it first.

Only fontTools is needed (`pip install fonttools`). The generated files are committed, so
the tests never need fontTools.
"""
import os
import random
import sys

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import newTable
from fontTools.ttLib.tables import otTables as ot

LOWER = [chr(c) for c in range(ord("a"), ord("z") + 1)]
UPPER = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
DIGITS = [str(d) for d in range(10)]


def box():
    pen = TTGlyphPen(None)
    pen.moveTo((50, 0))
    pen.lineTo((50, 500))
    pen.lineTo((450, 500))
    pen.lineTo((450, 0))
    pen.closePath()
    return pen.glyph()


def empty():
    return TTGlyphPen(None).glyph()


def base_font(name, extra=(), precomposed=True, glyph_count=None):
    """A FontBuilder with the common character set and `extra` glyph names (advance 500)."""
    glyphs = [".notdef", "space"] + LOWER + UPPER + ["zero", "one", "two", "three", "four", "five", "six",
                                                     "seven", "eight", "nine", "period", "comma", "hyphen",
                                                     "acutecomb", "dotbelowcomb"]
    if precomposed:
        glyphs.append("eacute")
    glyphs += list(extra)
    if glyph_count:
        glyphs += ["g%05d" % i for i in range(len(glyphs), glyph_count)]
    cmap = {32: "space", 0x2E: "period", 0x2C: "comma", 0x2D: "hyphen", 0x301: "acutecomb", 0x323: "dotbelowcomb"}
    for c in LOWER + UPPER:
        cmap[ord(c)] = c
    for d, n in zip(DIGITS, ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]):
        cmap[ord(d)] = n
    if precomposed:
        cmap[0xE9] = "eacute"
    metrics = {}
    outlines = {}
    for g in glyphs:
        if g == "space":
            advance = 250
        elif g in UPPER:
            advance = 600
        elif g in ("acutecomb", "dotbelowcomb"):
            advance = 0
        else:
            advance = 500
        metrics[g] = (advance, 0)
        outlines[g] = empty() if g == "space" or g.startswith("g") and g[1:].isdigit() else box()
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(glyphs)
    fb.setupCharacterMap(cmap)
    fb.setupGlyf(outlines)
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Shaping " + name, "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    # Glyph names only while they fit: 'post' format 2 counts its names in 16 bits.
    fb.setupPost(keepGlyphNames=len(glyphs) < 30000)
    return fb


def gdef(fb, marks=("acutecomb", "dotbelowcomb"), ligatures=()):
    """A GDEF table classing `marks` as marks, `ligatures` as ligatures and every other glyph as
    a base."""
    order = fb.font.getGlyphOrder()
    table = ot.GDEF()
    table.Version = 0x00010000
    classes = ot.GlyphClassDef()
    classes.classDefs = {g: (3 if g in marks else 2 if g in ligatures else 1) for g in order if g != ".notdef"}
    table.GlyphClassDef = classes
    table.AttachList = None
    table.LigCaretList = None
    table.MarkAttachClassDef = None
    font_table = newTable("GDEF")
    font_table.table = table
    fb.font["GDEF"] = font_table


def kern_any():
    fb = base_font("Kern Any")
    addOpenTypeFeaturesFromString(fb.font, """
languagesystem DFLT dflt; languagesystem latn dflt;
@FIRST = [T V W];
@SECOND = [o a e];
feature kern { pos @FIRST @SECOND -60; } kern;
""")
    # Class 0 of the second class definition (every glyph it does not list, the space among
    # them) gets -120 after T, V and W: rows of the pair table that feaLib leaves at zero.
    lookup = fb.font["GPOS"].table.LookupList.Lookup[0]
    subtable = lookup.SubTable[0]
    assert subtable.Format == 2
    first = subtable.ClassDef1.classDefs.get("T", 0)
    for c1, record in enumerate(subtable.Class1Record):
        if c1 == first:
            record.Class2Record[0].Value1.XAdvance = -120
    gdef(fb)
    return fb


def chain_class_rule(backtrack, input_classes, lookahead, records):
    rule = ot.ChainContextClassRule() if hasattr(ot, "ChainContextClassRule") else ot.ChainSubClassRule()
    rule.Backtrack = list(backtrack)
    rule.BacktrackGlyphCount = len(backtrack)
    rule.Input = list(input_classes[1:])
    rule.InputGlyphCount = len(input_classes)
    rule.LookAhead = list(lookahead)
    rule.LookAheadGlyphCount = len(lookahead)
    rule.SubstLookupRecord = records
    rule.SubstCount = len(records)
    return rule


def record(index, position=0):
    r = ot.SubstLookupRecord()
    r.SequenceIndex = position
    r.LookupListIndex = index
    return r


def single_lookup(mapping):
    subtable = ot.SingleSubst()
    subtable.mapping = dict(mapping)
    lookup = ot.Lookup()
    lookup.LookupType = 1
    lookup.LookupFlag = 0
    lookup.SubTable = [subtable]
    lookup.SubTableCount = 1
    return lookup


def class_def(mapping):
    cd = ot.ClassDef()
    cd.classDefs = dict(mapping)
    return cd


def coverage(glyphs):
    cov = ot.Coverage()
    cov.glyphs = list(glyphs)
    return cov


def gsub_with(fb, lookups, feature_lookups, tag="calt"):
    """A GSUB table holding `lookups`, the feature `tag` listing `feature_lookups`."""
    gsub = ot.GSUB()
    gsub.Version = 0x00010000
    lookup_list = ot.LookupList()
    lookup_list.Lookup = lookups
    lookup_list.LookupCount = len(lookups)
    gsub.LookupList = lookup_list
    feature = ot.Feature()
    feature.FeatureParams = None
    feature.LookupListIndex = list(feature_lookups)
    feature.LookupCount = len(feature_lookups)
    record_ = ot.FeatureRecord()
    record_.FeatureTag = tag
    record_.Feature = feature
    feature_list = ot.FeatureList()
    feature_list.FeatureRecord = [record_]
    feature_list.FeatureCount = 1
    gsub.FeatureList = feature_list
    script_list = ot.ScriptList()
    script_list.ScriptRecord = []
    for tag_ in ("DFLT", "latn"):
        lang = ot.DefaultLangSys()
        lang.ReqFeatureIndex = 0xFFFF
        lang.LookupOrder = None
        lang.FeatureIndex = [0]
        lang.FeatureCount = 1
        script = ot.Script()
        script.DefaultLangSys = lang
        script.LangSysRecord = []
        script.LangSysCount = 0
        sr = ot.ScriptRecord()
        sr.ScriptTag = tag_
        sr.Script = script
        script_list.ScriptRecord.append(sr)
    script_list.ScriptCount = len(script_list.ScriptRecord)
    gsub.ScriptList = script_list
    table = newTable("GSUB")
    table.table = gsub
    fb.font["GSUB"] = table


def context_any():
    fb = base_font("Context Any", extra=["a.alt", "b.alt"])
    # Lookup 0: chained, class-based. Classes: 1 = a, 2 = b; every other glyph class 0.
    st = ot.ChainContextSubst()
    st.Format = 2
    st.Coverage = coverage(["a", "b"])
    st.BacktrackClassDef = class_def({"a": 1, "b": 2})
    st.InputClassDef = class_def({"a": 1, "b": 2})
    st.LookAheadClassDef = class_def({"a": 1, "b": 2})
    set_a = ot.ChainSubClassSet()
    set_a.ChainSubClassRule = [chain_class_rule([], [1], [0], [record(1)])]
    set_a.ChainSubClassRuleCount = 1
    set_b = ot.ChainSubClassSet()
    set_b.ChainSubClassRule = [chain_class_rule([0], [2], [], [record(2)])]
    set_b.ChainSubClassRuleCount = 1
    st.ChainSubClassSet = [None, set_a, set_b]
    st.ChainSubClassSetCount = 3
    lookup = ot.Lookup()
    lookup.LookupType = 6
    lookup.LookupFlag = 0
    lookup.SubTable = [st]
    lookup.SubTableCount = 1
    # a.alt and b.alt are wider (set below), so the substitution shows in the width.
    gsub_with(fb, [lookup, single_lookup({"a": "a.alt"}), single_lookup({"b": "b.alt"})], [0])
    fb.font["hmtx"].metrics["a.alt"] = (800, 0)
    fb.font["hmtx"].metrics["b.alt"] = (900, 0)
    gdef(fb)
    return fb


def context_any_input():
    fb = base_font("Context Any Input", extra=["space.wide"])
    st = ot.ContextSubst()
    st.Format = 2
    st.Coverage = coverage(["c"])
    st.ClassDef = class_def({"c": 1})
    rule = ot.SubClassRule()
    rule.Class = [0]
    rule.GlyphCount = 2
    rule.SubstLookupRecord = [record(1, 1)]
    rule.SubstCount = 1
    class_set = ot.SubClassSet()
    class_set.SubClassRule = [rule]
    class_set.SubClassRuleCount = 1
    st.SubClassSet = [None, class_set]
    st.SubClassSetCount = 2
    lookup = ot.Lookup()
    lookup.LookupType = 5
    lookup.LookupFlag = 0
    lookup.SubTable = [st]
    lookup.SubTableCount = 1
    gsub_with(fb, [lookup, single_lookup({"space": "space.wide"})], [0])
    fb.font["hmtx"].metrics["space.wide"] = (700, 0)
    fb.font["glyf"]["space.wide"] = empty()
    gdef(fb)
    return fb


def space_rules():
    fb = base_font("Space Rules", extra=["f_space_f", "x.alt"])
    addOpenTypeFeaturesFromString(fb.font, """
languagesystem DFLT dflt; languagesystem latn dflt;
feature liga { sub f space f by f_space_f; } liga;
feature calt { sub space @ANY x' by x.alt; } calt;
feature kern { pos T space -80; pos space A -70; } kern;
""".replace("@ANY", "[a b c d e]"))
    fb.font["hmtx"].metrics["f_space_f"] = (700, 0)
    fb.font["hmtx"].metrics["x.alt"] = (900, 0)
    gdef(fb)
    return fb


def space_skipped():
    fb = base_font("Space Skipped")
    addOpenTypeFeaturesFromString(fb.font, """
languagesystem DFLT dflt; languagesystem latn dflt;
feature kern { lookupflag IgnoreLigatures; pos T A -150; } kern;
""")
    gdef(fb, ligatures=("space",))
    return fb


def space_mark():
    fb = base_font("Space Mark")
    addOpenTypeFeaturesFromString(fb.font, """
languagesystem DFLT dflt; languagesystem latn dflt;
feature kern { lookupflag IgnoreMarks; pos a b -200; } kern;
""")
    gdef(fb, marks=("acutecomb", "dotbelowcomb", "space"))
    return fb


def kern_table():
    fb = base_font("Kern Table")
    from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0
    kern = newTable("kern")
    kern.version = 0
    sub = KernTable_format_0()
    sub.version = 0
    sub.coverage = 1
    sub.format = 0
    sub.kernTable = {("T", "space"): -90, ("space", "A"): -60, ("A", "V"): -80}
    kern.kernTables = [sub]
    fb.font["kern"] = kern
    return fb


def rand():
    fb = base_font("Rand", extra=["a.r1", "a.r2", "a.r3"])
    addOpenTypeFeaturesFromString(fb.font, """
languagesystem DFLT dflt; languagesystem latn dflt;
feature rand { sub a from [a.r1 a.r2 a.r3]; } rand;
""")
    for i, advance in enumerate([300, 700, 900], start=1):
        fb.font["hmtx"].metrics["a.r%d" % i] = (advance, 0)
    return fb


def no_precomposed():
    fb = base_font("No Precomposed", precomposed=False)
    addOpenTypeFeaturesFromString(fb.font, """
languagesystem DFLT dflt; languagesystem latn dflt;
markClass acutecomb <anchor 0 0> @TOP;
feature mark { pos base [e a o] <anchor 250 600> mark @TOP; } mark;
""")
    gdef(fb)
    return fb


def limit_glyphs():
    fb = base_font("Limit Glyphs")
    addOpenTypeFeaturesFromString(fb.font, """
languagesystem DFLT dflt; languagesystem latn dflt;
feature ccmp {
  lookup L1 { sub a by a a a a a a a a; } L1;
  lookup L2 { sub a by a a a a a a a a; } L2;
  lookup L3 { sub a by a a a a a a a a; } L3;
} ccmp;
""")
    return fb


def limit_calls():
    fb = base_font("Limit Calls")
    calls = " ".join(["lookup NOOP"] * 3000)
    addOpenTypeFeaturesFromString(fb.font, """
languagesystem DFLT dflt; languagesystem latn dflt;
lookup NOOP { sub b by c; } NOOP;
lookup TOZ { sub a by z; } TOZ;
feature calt { sub a' %s lookup TOZ; } calt;
""" % calls)
    return fb


def huge_space_rules():
    count = 65535
    fb = base_font("Huge Space Rules", glyph_count=count)
    order = fb.font.getGlyphOrder()
    everything = order[1:]
    # A class kern over every glyph (feaLib first: it writes GSUB too, which is set after).
    addOpenTypeFeaturesFromString(fb.font, """
languagesystem DFLT dflt; languagesystem latn dflt;
@ALL = [%s];
feature kern { pos @ALL @ALL -1; } kern;
""" % " ".join(everything))
    # Chained context rules (format 3) whose every coverage spans all glyphs, the space
    # among them, calling a single substitution over all of them.
    subst = ot.SingleSubst()
    subst.mapping = {g: g for g in everything}
    nested = ot.Lookup()
    nested.LookupType = 1
    nested.LookupFlag = 0
    nested.SubTable = [subst]
    nested.SubTableCount = 1
    rules = []
    for length in [1 + i % 8 for i in range(64)]:
        st = ot.ChainContextSubst()
        st.Format = 3
        st.BacktrackCoverage = [coverage(everything) for _ in range(length)]
        st.BacktrackGlyphCount = length
        st.InputCoverage = [coverage(everything)]
        st.InputGlyphCount = 1
        st.LookAheadCoverage = [coverage(everything) for _ in range(length)]
        st.LookAheadGlyphCount = length
        st.SubstLookupRecord = [record(1)]
        st.SubstCount = 1
        rules.append(st)
    lookup = ot.Lookup()
    lookup.LookupType = 6
    lookup.LookupFlag = 0
    lookup.SubTable = rules
    lookup.SubTableCount = len(rules)
    gsub_with(fb, [lookup, nested], [0])
    return fb


FONTS = {
    "kern-any": kern_any,
    "context-any": context_any,
    "context-any-input": context_any_input,
    "space-rules": space_rules,
    "space-skipped": space_skipped,
    "space-mark": space_mark,
    "kern-table": kern_table,
    "rand": rand,
    "no-precomposed": no_precomposed,
    "limit-glyphs": limit_glyphs,
    "limit-calls": limit_calls,
    "huge-space-rules": huge_space_rules,
}


# Subsets of real fonts for the fuzz seeds: each keeps every layout feature over the characters
# of one script (with spaces and common punctuation), so that the fuzzer starts from context
# lookups, class-0 rules and lookups involving the space as fonts ship them.
REAL_SEEDS = {
    "inter-calt": ("Fonts/Inter/Inter-Regular.otf", "U+0020-007E,U+00A0-00FF,U+2010-2027,U+2190-2193,U+2212"),
    "noto-bengali": ("/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf", "U+0020,U+0985-0989,U+0995-09A8,U+09BE-09C4,U+09CD,U+25CC,U+200C-200D"),
    "noto-serif-bengali": ("/usr/share/fonts/truetype/noto/NotoSerifBengali-Regular.ttf", "U+0020,U+0980-098C,U+09A4-09B9,U+09BF-09C1,U+09CD,U+25CC"),
    "noto-balinese": ("/usr/share/fonts/truetype/noto/NotoSerifBalinese-Regular.ttf", "U+0020,U+1B00-1B7F,U+25CC"),
    "noto-devanagari": ("/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", "U+0020-002F,U+0905-090A,U+0915-0928,U+093E-094D,U+25CC"),
    "noto-ahom": ("/usr/share/fonts/truetype/noto/NotoSerifAhom-Regular.ttf", "U+0020,U+11700-1174F,U+25CC"),
    "noto-khmer": ("/usr/share/fonts/truetype/noto/NotoSansKhmer-Regular.ttf", "U+0020,U+1780-17FF,U+25CC"),
    "noto-arabic": ("/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf", "U+0020,U+060C,U+0621-064A,U+064B-0652"),
    "noto-myanmar": ("/usr/share/fonts/truetype/noto/NotoSansMyanmar-Regular.ttf", "U+0020,U+1000-1021,U+102B-103E,U+25CC"),
}


def real_seeds(seeds, rng):
    from fontTools import subset
    for name, (path, unicodes) in REAL_SEEDS.items():
        if not os.path.exists(path):
            print("skipped (not installed):", path)
            continue
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.hinting = False
        options.notdef_outline = True
        options.glyph_names = True
        font = subset.load_font(path, options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=subset.parse_unicodes(unicodes))
        subsetter.subset(font)
        target = os.path.join(seeds, "real-" + name)
        subset.save_font(font, target + ".tmp", options)
        with open(target + ".tmp", "rb") as data, open(target, "wb") as seed:
            seed.write(bytes(rng.randrange(256) for _ in range(32)))
            seed.write(data.read())
        os.remove(target + ".tmp")
        print(target, os.path.getsize(target))


def main(argv):
    out = "Tests/TypesettingTests/Fixtures/Shaping"
    seeds = None
    args = list(argv)
    if "--seeds" in args:
        i = args.index("--seeds")
        seeds = args[i + 1]
        del args[i:i + 2]
    if args:
        out = args[0]
    os.makedirs(out, exist_ok=True)
    rng = random.Random(0x5EED)
    for name, build in FONTS.items():
        path = os.path.join(out, name + ".ttf")
        build().save(path)
        print(path, os.path.getsize(path))
        if seeds and name != "huge-space-rules":
            os.makedirs(seeds, exist_ok=True)
            with open(path, "rb") as font, open(os.path.join(seeds, "built-" + name), "wb") as seed:
                seed.write(bytes(rng.randrange(256) for _ in range(32)))
                seed.write(font.read())
    if seeds:
        real_seeds(seeds, rng)


if __name__ == "__main__":
    main(sys.argv[1:])
