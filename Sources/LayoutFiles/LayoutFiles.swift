/// The layout file format and pictures of laid-out screens.
///
/// - `Document/`: reading a layout file (JSON or YAML) into a window of views and constraints,
///   with errors that give the line and column.
/// - `Pictures/`: drawing a laid-out window as SVG (text as glyph outlines) or PNG.
public enum LayoutFiles {}
