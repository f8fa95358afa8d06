"""The guarded parse scripts/ib-fidelity and scripts/ib-text-rules read IB files with."""
import xml.etree.ElementTree as ET


def read_tree(path):
    """The file's element tree, or None for a file these scripts do not parse: one that does
    not read, is not well-formed XML, or declares a DOCTYPE or entities."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
            return None
        return ET.fromstring(data)
    except (OSError, ET.ParseError):
        return None
