/// The layout file format: `Document/` reads a layout file (JSON or YAML) into a window of
/// views and constraints, with errors that give the line and column. Pictures of the laid-out
/// window are the `Pictures` module's job.
public enum LayoutFiles {}
