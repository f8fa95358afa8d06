#!/usr/bin/env python3
"""Builds Benchmarks/corpus/ui-strings.tsv: real UI strings in many languages, taken from the
translated gettext catalogs (.mo) that Debian's GTK 3 and GLib packages install.

    scripts/make_corpus.py [OUT]        # default Benchmarks/corpus/ui-strings.tsv

It downloads the two packages with `apt-get download` (Debian's ordinary client), unpacks them
with `dpkg-deb -x` into a temporary folder, reads gtk30.mo and glib20.mo of each language with
Python's own .mo reader, and writes one `language<TAB>text` line per distinct string (the
English source strings as language "en"). Strings keep their placeholders (%s, %d); tabs and
newlines inside a string are written as the escapes \\t and \\n. See Benchmarks/corpus/README.md.
"""
import gettext
import glob
import os
import subprocess
import sys
import tempfile

PACKAGES = ["libgtk-3-common", "libglib2.0-data"]
DOMAINS = ["gtk30", "glib20"]
# Languages across scripts the bundled fonts cover: Latin, Cyrillic, Greek, Arabic, Hebrew,
# Devanagari, Thai, Han, Kana, Hangul.
LANGUAGES = ["de", "fr", "es", "pt_BR", "pl", "ru", "el", "ar", "he", "hi", "th", "zh_CN", "ja", "ko"]


def escape(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\r", "\\r").replace("\n", "\\n")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "Benchmarks", "corpus", "ui-strings.tsv")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["apt-get", "download", *PACKAGES], cwd=tmp, check=True, stdout=subprocess.DEVNULL)
        root = os.path.join(tmp, "root")
        for deb in sorted(glob.glob(os.path.join(tmp, "*.deb"))):
            subprocess.run(["dpkg-deb", "-x", deb, root], check=True)
        rows, seen = [], set()

        def add(language, text):
            text = text.strip()
            # Skip empties, the catalog header and context-only keys.
            if not text or (language, text) in seen:
                return
            seen.add((language, text))
            rows.append((language, text))

        for language in LANGUAGES:
            for domain in DOMAINS:
                path = os.path.join(root, "usr/share/locale", language, "LC_MESSAGES", domain + ".mo")
                if not os.path.exists(path):
                    continue
                with open(path, "rb") as handle:
                    catalog = gettext.GNUTranslations(handle)._catalog
                for key, value in sorted(catalog.items(), key=lambda item: str(item[0])):
                    source = key[0] if isinstance(key, tuple) else key
                    if not source:  # the header entry
                        continue
                    if "\x04" in source:  # msgctxt\x04msgid
                        source = source.split("\x04", 1)[1]
                    if isinstance(key, tuple) and key[1] != 0:
                        continue  # keep the first plural form only
                    add("en", source)
                    add(language, value)
    with open(out, "w", encoding="utf-8") as handle:
        handle.write("language\ttext\n")
        for language, text in rows:
            handle.write(f"{language}\t{escape(text)}\n")
    print(f"{out}: {len(rows)} strings in {len({r[0] for r in rows})} languages", file=sys.stderr)


if __name__ == "__main__":
    main()
