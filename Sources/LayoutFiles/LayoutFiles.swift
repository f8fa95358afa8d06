/// Screens in: `Document/` builds a layout file (JSON or YAML) into a window of views and
/// constraints, and `InterfaceBuilder/` does the same for storyboards and XIBs, each with
/// errors that give the line and column. Pictures of the laid-out window are the `Pictures`
/// module's job.
public enum LayoutFiles {}
