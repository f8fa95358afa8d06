/// The bounds every document the product reads is held to: layout files (JSON and YAML),
/// `measure check` specs, String Catalogs and `measure --batch` lines. A file from a stranger
/// can ask for anything; past these bounds it is refused with a clear message instead of
/// exhausting the stack, the memory or the time.
public enum DocumentLimits {
    /// The largest document text, in bytes: 64 MiB, room for a 10 MB text escaped as `\uXXXX`.
    public static let maximumBytes = 64 << 20

    /// The most nested arrays and objects (YAML: sequences and mappings) a document may hold,
    /// the outermost included. Readers and the code that walks their result recurse once per
    /// level; 256 levels keep that far inside a worker thread's 512 KiB stack.
    public static let maximumDepth = 256

    /// The most YAML aliases (`*name`) a document may use, counting each use of an alias
    /// inside an aliased part again wherever that part is used.
    public static let maximumAliases = 10_000

    /// The most values (scalars, arrays and objects) a YAML document may hold once its
    /// aliases are expanded. A few nested aliases can otherwise ask for billions.
    public static let maximumExpandedValues = 1_000_000

    /// The most text, in UTF-8 bytes, the scalars of a YAML document may hold once its aliases
    /// are expanded: the same as ``maximumBytes``, so aliases never make a document larger
    /// than one that could be written out in full.
    public static let maximumExpandedBytes = maximumBytes
}
