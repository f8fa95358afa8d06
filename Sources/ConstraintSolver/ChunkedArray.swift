// Storage for the solver's large tables that grow one element at a time: the symbols'
// records, the constraints' records and the variables' records, in fixed chunks of 512
// elements that never move. An `Array` that outgrows its room is copied into a new block
// (twice as large, or half again), so each element is written more than once and, past
// glibc's mmap threshold, every new block is mapped and faulted in afresh. At 10,000 feed
// rows the symbol records went through blocks of 8.4, 12.6, 18.9 and 28.3 MB, and the second
// solver built in a process took from the heap, growing it, the blocks that the first had
// mapped and unmapped. Chunks of 32 KB or less come from the ordinary heap, are written once,
// and are reused by the next solver (docs/solver.md, "Chunks").

/// An array of `Element` in fixed chunks of ``chunkSize`` elements, with copy-on-write value
/// semantics: a copy shares the chunks until one of them is written.
///
/// Elements never move once appended, so growing costs one chunk allocation per 512 elements
/// and no copy. The subscript is an addressor: `table[i].field` reads or writes the field where
/// it lies, with no copy of the element (through `Array`'s getter, reading one field of a
/// record copied the whole record, and retained and released every reference in it).
struct ChunkedArray<Element>: RandomAccessCollection {
    /// Elements per chunk, a power of two. At 64 bytes a symbol record, a chunk is 32 KB:
    /// below glibc's mmap threshold, and below the size whose `free` consolidates the heap and
    /// may hand its top back to the system (64 KB), so chunks freed by one solver are reused
    /// by the next.
    static var chunkShift: Int { 9 }
    static var chunkSize: Int { 1 << chunkShift }
    static var chunkMask: Int { chunkSize - 1 }

    /// The chunks, owned by one array at a time except while a copy shares them.
    final class Storage {
        /// Pointers to the chunks; the first `chunkCount` of `chunkRoom` are allocated.
        var chunks: UnsafeMutablePointer<UnsafeMutablePointer<Element>>
        var chunkRoom: Int
        var chunkCount = 0
        var count = 0

        init() {
            chunkRoom = 4
            chunks = .allocate(capacity: chunkRoom)
        }

        deinit {
            var left = count
            for c in 0..<chunkCount {
                let n = Swift.min(left, ChunkedArray.chunkSize)
                chunks[c].deinitialize(count: n)
                left -= n
                chunks[c].deallocate()
            }
            chunks.deallocate()
        }

        /// Allocates one more chunk (the chunk table doubles when full; it holds one pointer
        /// per 512 elements).
        func addChunk() {
            if chunkCount == chunkRoom {
                let room = 2 * chunkRoom
                let table = UnsafeMutablePointer<UnsafeMutablePointer<Element>>.allocate(capacity: room)
                table.moveInitialize(from: chunks, count: chunkCount)
                chunks.deallocate()
                chunks = table
                chunkRoom = room
            }
            chunks[chunkCount] = .allocate(capacity: ChunkedArray.chunkSize)
            chunkCount += 1
        }

        /// The address of element `i`.
        @inline(__always) func address(_ i: Int) -> UnsafeMutablePointer<Element> {
            chunks[i &>> ChunkedArray.chunkShift] + (i & ChunkedArray.chunkMask)
        }
    }

    private var storage = Storage()

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }
    var count: Int { storage.count }

    /// Element `i`, read and written in place.
    subscript(i: Int) -> Element {
        @inline(__always) unsafeAddress {
            precondition(i >= 0 && i < storage.count, "index out of range")
            return UnsafePointer(storage.address(i))
        }
        @inline(__always) unsafeMutableAddress {
            precondition(i >= 0 && i < storage.count, "index out of range")
            makeUnique()
            return storage.address(i)
        }
    }

    /// Makes the storage this array's own before a write.
    @inline(__always) private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = copy() }
    }

    /// A new storage holding copies of the elements.
    private func copy() -> Storage {
        let new = Storage()
        var left = storage.count
        for c in 0..<storage.chunkCount where left > 0 {
            new.addChunk()
            let n = Swift.min(left, Self.chunkSize)
            new.chunks[c].initialize(from: storage.chunks[c], count: n)
            left -= n
            new.count += n
        }
        return new
    }

    /// Adds an element at the end.
    @inline(__always) mutating func append(_ element: Element) {
        makeUnique()
        let i = storage.count
        if i == storage.chunkCount &<< Self.chunkShift { storage.addChunk() }
        storage.address(i).initialize(to: element)
        storage.count = i + 1
    }

    /// Drops the elements from `range.lowerBound` on (their chunks stay, for later appends).
    mutating func removeSubrange(_ range: PartialRangeFrom<Int>) {
        precondition(range.lowerBound >= 0 && range.lowerBound <= storage.count, "index out of range")
        makeUnique()
        for i in range.lowerBound..<storage.count { storage.address(i).deinitialize(count: 1) }
        storage.count = range.lowerBound
    }

    /// Calls `body` with each run of elements that lie in one chunk, in order: the index of
    /// its first element, a pointer to it and the run's length, so that a loop over every
    /// element finds each chunk once (after making the storage unique).
    @inline(__always)
    mutating func forEachChunk(_ body: (Int, UnsafeMutablePointer<Element>, Int) throws -> Void) rethrows {
        makeUnique()
        var start = 0
        while start < storage.count {
            let length = Swift.min(Self.chunkSize, storage.count - start)
            try body(start, storage.chunks[start &>> Self.chunkShift], length)
            start += length
        }
    }

    /// Drops the last element.
    mutating func removeLast() {
        removeSubrange((storage.count - 1)...)
    }

    /// Read access to the elements for a loop: ``Elements`` subscripts like the array, without
    /// a uniqueness check or reference count per element.
    struct Elements {
        fileprivate let chunks: UnsafeMutablePointer<UnsafeMutablePointer<Element>>

        /// Element `i` (no bounds check: the caller's loop is over valid indices).
        subscript(i: Int) -> Element {
            @inline(__always) unsafeAddress {
                UnsafePointer(chunks[i &>> ChunkedArray.chunkShift] + (i & ChunkedArray.chunkMask))
            }
        }
    }

    /// Write access to the elements for a loop (see ``Elements``).
    struct MutableElements {
        fileprivate let chunks: UnsafeMutablePointer<UnsafeMutablePointer<Element>>

        /// Element `i` (no bounds check: the caller's loop is over valid indices).
        subscript(i: Int) -> Element {
            @inline(__always) unsafeAddress {
                UnsafePointer(chunks[i &>> ChunkedArray.chunkShift] + (i & ChunkedArray.chunkMask))
            }
            @inline(__always) nonmutating unsafeMutableAddress {
                chunks[i &>> ChunkedArray.chunkShift] + (i & ChunkedArray.chunkMask)
            }
        }
    }

    /// Calls `body` with read access to the elements. `body` must not append to or shorten
    /// the array: the view reads the chunk table as it was.
    @inline(__always)
    func withUnsafeElements<R>(_ body: (Elements) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(Elements(chunks: storage.chunks)) }
    }

    /// Calls `body` with write access to the elements (after making the storage unique).
    /// `body` must not append to or shorten the array: the view reads the chunk table as it
    /// was.
    @inline(__always)
    mutating func withUnsafeMutableElements<R>(_ body: (MutableElements) throws -> R) rethrows -> R {
        makeUnique()
        return try withExtendedLifetime(storage) { try body(MutableElements(chunks: storage.chunks)) }
    }
}

// The elements are only written through an array that holds the sole reference to the
// storage (`makeUnique()`), as with `Array`'s storage.
extension ChunkedArray.Storage: @unchecked Sendable where Element: Sendable {}
extension ChunkedArray: Sendable where Element: Sendable {}
