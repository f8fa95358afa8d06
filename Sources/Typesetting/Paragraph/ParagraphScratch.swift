/// The working memory of preparing one paragraph (`Itemizer.prepare`): every per-unit and
/// per-grapheme array that preparing fills and reads only while it runs, carved from one
/// allocation and freed when the paragraph is made.
///
/// A Swift array per table cost an allocation, a generic metadata lookup (for
/// `Array(repeating:count:)`), a uniqueness check per append and a release: about a dozen of
/// them per paragraph were a sixth of the Swift side of a first measurement
/// (docs/benchmarks.md, "Text"). What the prepared paragraph keeps is copied out of here into
/// arrays of exactly its size. `n` is the paragraph's length in UTF-16 units; every table
/// holds at most one entry per unit, plus one.
struct ParagraphScratch {
    private let raw: UnsafeMutableRawPointer
    /// The advance HarfBuzz gives the cluster starting at each unit, in points (n + 1).
    let advanceAt: UnsafeMutablePointer<Double>
    /// Prefix sums of the cluster advances (`PreparedParagraph.prefix`; at most n + 1).
    let prefix: UnsafeMutablePointer<Double>
    /// ICU's script per unit (n).
    let scripts: UnsafeMutablePointer<Int32>
    /// Where each grapheme cluster starts, and one extra entry for the end (at most n + 1).
    let graphemes: UnsafeMutablePointer<Int32>
    /// Per grapheme cluster: its font index and script (at most n each).
    let faceOf: UnsafeMutablePointer<Int32>
    let scriptOf: UnsafeMutablePointer<Int32>
    /// ICU's break opportunities (n + 1).
    let breakOffsets: UnsafeMutablePointer<Int32>
    /// Where a run is cut into segments to shape one by one (`SpaceZones.cuts`; n + 1).
    let cuts: UnsafeMutablePointer<Int32>
    /// The prepared paragraph's tables before they are copied out (at most n + 1 each).
    let clusterStarts: UnsafeMutablePointer<Int32>
    let fontIndex: UnsafeMutablePointer<Int32>
    let contentEnd: UnsafeMutablePointer<Int32>
    let breaks: UnsafeMutablePointer<Int32>
    let mandatory: UnsafeMutablePointer<Bool>
    /// Bidi level per unit (n) and per grapheme cluster (at most n).
    let levels: UnsafeMutablePointer<UInt8>
    let levelOf: UnsafeMutablePointer<UInt8>
    /// `Itemizer.graphemeStart`, `clusterStart` and `unsafeToBreak` bits per unit (n + 1).
    let unitFlags: UnsafeMutablePointer<UInt8>
    /// Whether each grapheme cluster is hanging whitespace (at most n).
    let isWhitespace: UnsafeMutablePointer<Bool>
    /// ICU's mandatory flag per break opportunity (n + 1).
    let breakMandatory: UnsafeMutablePointer<UInt8>

    /// Allocates the tables for a paragraph of `n` UTF-16 units; `deallocate()` frees them.
    init(units n: Int) {
        let doubles = 2 * (n + 1)
        let words = 10 * (n + 1)
        let bytes = 6 * (n + 1)
        raw = UnsafeMutableRawPointer.allocate(
            byteCount: 8 * doubles + 4 * words + bytes, alignment: MemoryLayout<Double>.alignment)
        var at = raw
        func take<T>(_ type: T.Type, _ count: Int) -> UnsafeMutablePointer<T> {
            let pointer = at.bindMemory(to: type, capacity: count)
            at += MemoryLayout<T>.stride * count
            return pointer
        }
        advanceAt = take(Double.self, n + 1)
        prefix = take(Double.self, n + 1)
        scripts = take(Int32.self, n + 1)
        graphemes = take(Int32.self, n + 1)
        faceOf = take(Int32.self, n + 1)
        scriptOf = take(Int32.self, n + 1)
        breakOffsets = take(Int32.self, n + 1)
        cuts = take(Int32.self, n + 1)
        clusterStarts = take(Int32.self, n + 1)
        fontIndex = take(Int32.self, n + 1)
        contentEnd = take(Int32.self, n + 1)
        breaks = take(Int32.self, n + 1)
        mandatory = take(Bool.self, n + 1)
        levels = take(UInt8.self, n + 1)
        levelOf = take(UInt8.self, n + 1)
        unitFlags = take(UInt8.self, n + 1)
        isWhitespace = take(Bool.self, n + 1)
        breakMandatory = take(UInt8.self, n + 1)
    }

    func deallocate() { raw.deallocate() }

    /// Whether grapheme clusters `a` and `b` belong in one run: one face, bidi level and
    /// script (what `Itemizer.prepare` shapes as one, and `runInfos` keeps).
    @inline(__always) func sameRun(_ a: Int, _ b: Int) -> Bool {
        faceOf[a] == faceOf[b] && levelOf[a] == levelOf[b] && scriptOf[a] == scriptOf[b]
    }
}

extension Array {
    /// An array of exactly the `count` values at `start` (one allocation, one copy).
    init(copying start: UnsafePointer<Element>, count: Int) {
        self.init(UnsafeBufferPointer(start: start, count: count))
    }
}
