internal import CTextShim
import Foundation

/// A bounded, thread-safe cache of HarfBuzz results for text segments (a word, the spaces after
/// it, or a whole run), evicting by CLOCK (second chance), an approximation of
/// least recently used that writes nothing on a hit to an entry already marked used.
///
/// Entries are keyed by face, script, direction, the kerning and ligature switches and the
/// segment's UTF-16 text. Each set of a variable font's design coordinates is a face of its own
/// (`FontFace.instance(_:style:)`), so the coordinates are part of the key. Shaping runs at the face's design units and is scaled to the point
/// size afterwards, and letter spacing is added after shaping, so one entry serves every size
/// and spacing of the face. Share one cache between threads: it is split into shards, each
/// behind its own lock, on cache lines of its own.
///
/// ```swift
/// let cache = ShapingCache(maximumBytes: 8 << 20)
/// let text = try PreparedText("Sign up", font: font, shapingCache: cache)
/// cache.statistics.hitRate
/// ```
public final class ShapingCache: Sendable {
    /// Counters since the cache was made or last cleared.
    public struct Statistics: Sendable, Hashable {
        /// Lookups answered from the cache.
        public var hits: Int
        /// Lookups that had to shape.
        public var misses: Int
        /// Entries dropped to stay within the size.
        public var evictions: Int
        /// Entries held now.
        public var entries: Int
        /// The estimated bytes held now (keys, glyphs and bookkeeping).
        public var bytes: Int
        /// hits / (hits + misses); 0 before the first lookup.
        public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
    }

    /// The cache `PreparedText` uses unless told otherwise: 64 MiB.
    public static let shared = ShapingCache(maximumBytes: 64 << 20)

    /// The most bytes the cache holds, over all shards.
    public let maximumBytes: Int
    private let shards: ShardSlots

    /// Makes an empty cache that holds at most `maximumBytes` (estimated), in `shards` parts
    /// locked separately (rounded up to a power of two).
    public init(maximumBytes: Int, shards: Int = 16) {
        self.maximumBytes = max(0, maximumBytes)
        var count = 1
        while count < max(1, min(shards, 1024)) { count *= 2 }
        let share = self.maximumBytes / count
        self.shards = ShardSlots(count: count, maximumBytes: share)
    }

    /// The counters, summed over shards.
    public var statistics: Statistics {
        var total = Statistics(hits: 0, misses: 0, evictions: 0, entries: 0, bytes: 0)
        for index in 0..<shards.count {
            shards.withLock(index) { shard in
                total.hits += shard.hits
                total.misses += shard.misses
                total.evictions += shard.evictions
                total.entries += shard.index.count
                total.bytes += shard.bytes
            }
        }
        return total
    }

    /// Drops every entry and zeroes the counters.
    public func removeAll() {
        for index in 0..<shards.count {
            shards.withLock(index) { shard in shard.removeAll() }
        }
    }

    /// Appends the glyphs for `key` (set in `face`) to `out`, their clusters moved by
    /// `offset`, shaping with `make` on a miss, and returns the segment's
    /// `ShapedSegment.hasBrokenSyllable`. A hit copies under the lock, so threads share no
    /// reference counts; `make` runs outside it, so two threads missing the same key at once
    /// both shape it, and the second result replaces the first.
    func appendGlyphs(
        for key: ShapingKey, face: FontFace, offset: Int, to out: inout [CachedGlyph],
        make: () throws(TypesettingError) -> ShapedSegment
    ) throws(TypesettingError) -> Bool {
        let index = key.hash & (shards.count - 1)
        if let hit = shards.withLock(index, { $0.append(key, offset: offset, to: &out) }) { return hit }
        let segment = try make()
        for glyph in segment.glyphs { out.append(glyph.moved(by: offset)) }
        let owned = key.owned
        shards.withLock(index) { $0.insert(owned, face: face, segment) }
        return segment.hasBrokenSyllable
    }
}

/// The shards and their locks, in one allocation, each shard with its lock on a 128-byte
/// block of its own: threads working in different shards then write to no common cache line
/// (a pair of 64-byte lines, which the adjacent-line prefetcher fetches together). Separate
/// objects would sit side by side in the allocator's size class, so every lock taken and
/// counter bumped would also take the line from the core working in the neighbouring shard;
/// the counters are per shard for the same reason. No reference is counted to reach a shard.
///
/// The locks are pthread mutexes, which ThreadSanitizer understands (see `Locked`).
private final class ShardSlots: @unchecked Sendable {
    let count: Int
    private let base: UnsafeMutableRawPointer
    private static let shardOffset =
        (MemoryLayout<pthread_mutex_t>.size + MemoryLayout<Shard>.alignment - 1)
        & ~(MemoryLayout<Shard>.alignment - 1)
    private static let stride = (shardOffset + MemoryLayout<Shard>.size + 127) & ~127

    init(count: Int, maximumBytes: Int) {
        self.count = count
        base = UnsafeMutableRawPointer.allocate(byteCount: count * Self.stride, alignment: 128)
        // Adaptive where glibc has it: a thread finding the lock taken spins briefly before it
        // sleeps. A lock is held for one lookup (well under a microsecond), and the hottest
        // keys (common words) each meet in their one shard, so sleeping and being woken,
        // several microseconds each time, cost more than the wait. (A lone space and "…",
        // hotter still, are kept by the face: `ts_face_kept_glyph`.)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if os(Linux)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        defer { pthread_mutexattr_destroy(&attributes) }
        for index in 0..<count {
            let slot = base + index * Self.stride
            pthread_mutex_init(slot.bindMemory(to: pthread_mutex_t.self, capacity: 1), &attributes)
            (slot + Self.shardOffset).bindMemory(to: Shard.self, capacity: 1).initialize(
                to: Shard(maximumBytes: maximumBytes))
        }
    }

    deinit {
        for index in 0..<count {
            let slot = base + index * Self.stride
            pthread_mutex_destroy(slot.assumingMemoryBound(to: pthread_mutex_t.self))
            let shard = (slot + Self.shardOffset).assumingMemoryBound(to: Shard.self)
            shard.pointee.removeAll()
            shard.deinitialize(count: 1)
        }
        base.deallocate()
    }

    /// Runs `body` with shard `index` while holding its lock.
    func withLock<Result, Failure: Error>(
        _ index: Int, _ body: (inout Shard) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let slot = base + index * Self.stride
        let lock = slot.assumingMemoryBound(to: pthread_mutex_t.self)
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&(slot + Self.shardOffset).assumingMemoryBound(to: Shard.self).pointee)
    }
}

/// What the cache keeps of a glyph: all that line filling needs, in 8 bytes.
struct CachedGlyph: Sendable {
    /// The cluster offset in the low 31 bits; the top bit set when HarfBuzz marks the glyph
    /// unsafe to break before.
    private let packed: UInt32
    /// The advance in font units.
    let advance: Int32

    init(_ glyph: TSGlyph) {
        packed = (glyph.cluster & 0x7FFF_FFFF) | (glyph.unsafeToBreak != 0 ? 0x8000_0000 : 0)
        advance = glyph.xAdvance
    }

    private init(packed: UInt32, advance: Int32) {
        self.packed = packed
        self.advance = advance
    }

    /// The glyph with its cluster `offset` further on (the sum stays below 2³¹: paragraphs are shorter).
    func moved(by offset: Int) -> CachedGlyph {
        CachedGlyph(packed: packed &+ UInt32(truncatingIfNeeded: offset), advance: advance)
    }

    /// The UTF-16 offset of the glyph's cluster in the text that was shaped.
    var cluster: Int { Int(packed & 0x7FFF_FFFF) }
    var isUnsafeToBreak: Bool { packed & 0x8000_0000 != 0 }
}

/// What a shaped segment depends on.
struct ShapingKey: Hashable, Sendable {
    /// The face's identity; an entry holds the face itself, so the identity is not reused
    /// while the entry lives.
    let face: ObjectIdentifier
    let script: Int32
    /// Bit 0 right-to-left, bit 1 kerning, bit 2 ligatures.
    let flags: UInt8
    /// The segment's text. A lookup's key is a slice of the paragraph (no copy is made for a
    /// hit); the key an entry keeps is a copy of just the segment (`owned`).
    let text: ArraySlice<UInt16>
    let hash: Int

    /// A per-process seed, so that which texts collide is not known in advance.
    private static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5EED)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }()

    init(
        face: FontFace, script: Int32, rightToLeft: Bool, kerning: Bool, ligatures: Bool, text: ArraySlice<UInt16>
    ) {
        self.face = ObjectIdentifier(face)
        self.script = script
        self.flags = (rightToLeft ? 1 : 0) | (kerning ? 2 : 0) | (ligatures ? 4 : 0)
        self.text = text
        self.hash = ShapingKey.hash(
            face: self.face, script: script, flags: flags, text: text)
    }

    private init(face: ObjectIdentifier, script: Int32, flags: UInt8, text: ArraySlice<UInt16>, hash: Int) {
        self.face = face
        self.script = script
        self.flags = flags
        self.text = text
        self.hash = hash
    }

    /// The key with a copy of its text, not a slice of the paragraph it was looked up in (an
    /// entry must not keep the whole paragraph alive).
    var owned: ShapingKey {
        ShapingKey(face: face, script: script, flags: flags, text: ArraySlice(Array(text)), hash: hash)
    }

    /// FNV-1a over the UTF-16 units, seeded and mixed with the face, script and flags, then
    /// finished with a 64-bit avalanche (MurmurHash3's fmix64): a few instructions per unit,
    /// where `Hasher` (SipHash) costs several times that on the short words the cache holds.
    private static func hash(face: ObjectIdentifier, script: Int32, flags: UInt8, text: ArraySlice<UInt16>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        h = (h ^ UInt64(UInt(bitPattern: face))) &* 0x100_0000_01b3
        h = (h ^ (UInt64(UInt32(bitPattern: script)) << 8 | UInt64(flags))) &* 0x100_0000_01b3
        for unit in text { h = (h ^ UInt64(unit)) &* 0x100_0000_01b3 }
        h ^= h >> 33
        h &*= 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h &*= 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return Int(bitPattern: UInt(h))
    }

    static func == (lhs: ShapingKey, rhs: ShapingKey) -> Bool {
        lhs.hash == rhs.hash && lhs.face == rhs.face && lhs.script == rhs.script && lhs.flags == rhs.flags
            && lhs.text == rhs.text
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// The bytes an entry is counted as: the key's text, the glyphs and a fixed overhead for
    /// the node (with the key's slice bounds), the table slot, and the key array's header and both
    /// allocations.
    func cost(glyphs: Int) -> Int { 2 * text.count + MemoryLayout<CachedGlyph>.stride * glyphs + 248 }
}

/// One lock's worth of the cache, with its own counters: a hash table into an array of nodes swept by a clock hand.
struct Shard: Sendable {
    /// An entry. Unchecked: `glyphs` is memory the shard owns, read and written only under
    /// its lock.
    struct Node: @unchecked Sendable {
        var key: ShapingKey
        /// Keeps the key's face alive (and its identity unused) while the entry lives.
        var face: FontFace?
        /// The entry's glyphs, allocated by the shard and freed when the entry goes. Not an
        /// array: reading an array's elements retains and releases it, an atomic write to
        /// the entry's header from every thread that hits the entry (the most common words
        /// are hit by every thread), which a raw buffer does not have.
        var glyphs: UnsafeMutableBufferPointer<CachedGlyph>
        var cost: Int
        /// `ShapedSegment.hasBrokenSyllable` of the entry.
        var hasBrokenSyllable: Bool
        /// Used since the clock hand last passed (a hit sets it only when clear, so hits on
        /// hot words write nothing that other threads read).
        var referenced: Bool
        var live: Bool
    }

    let maximumBytes: Int
    var index: [ShapingKey: Int] = [:]
    var nodes: [Node] = []
    var free: [Int] = []
    /// The clock hand: the next node to consider for eviction.
    var hand = 0
    var bytes = 0
    var hits = 0
    var misses = 0
    var evictions = 0

    init(maximumBytes: Int) { self.maximumBytes = maximumBytes }

    /// On a hit, appends the entry's glyphs moved by `offset` to `out` and returns its
    /// `hasBrokenSyllable`; nil on a miss.
    mutating func append(_ key: ShapingKey, offset: Int, to out: inout [CachedGlyph]) -> Bool? {
        guard let slot = index[key] else {
            misses += 1
            return nil
        }
        hits += 1
        if !nodes[slot].referenced { nodes[slot].referenced = true }
        for glyph in nodes[slot].glyphs { out.append(glyph.moved(by: offset)) }
        return nodes[slot].hasBrokenSyllable
    }

    /// A copy of `glyphs` in memory the shard owns.
    private static func store(_ glyphs: [CachedGlyph]) -> UnsafeMutableBufferPointer<CachedGlyph> {
        let stored = UnsafeMutableBufferPointer<CachedGlyph>.allocate(capacity: glyphs.count)
        _ = stored.initialize(from: glyphs)
        return stored
    }

    /// Drops every entry (freeing their glyphs) and zeroes the counters.
    mutating func removeAll() {
        for node in nodes where node.live { node.glyphs.deallocate() }
        self = Shard(maximumBytes: maximumBytes)
    }

    mutating func insert(_ key: ShapingKey, face: FontFace, _ segment: ShapedSegment) {
        let glyphs = segment.glyphs
        let cost = key.cost(glyphs: glyphs.count)
        guard cost <= maximumBytes else { return }
        if let slot = index[key] {
            bytes += cost - nodes[slot].cost
            nodes[slot].glyphs.deallocate()
            nodes[slot].glyphs = Shard.store(glyphs)
            nodes[slot].cost = cost
            nodes[slot].hasBrokenSyllable = segment.hasBrokenSyllable
            nodes[slot].referenced = true
        } else {
            let node = Node(
                key: key, face: face, glyphs: Shard.store(glyphs), cost: cost,
                hasBrokenSyllable: segment.hasBrokenSyllable, referenced: false, live: true)
            let slot: Int
            if let reused = free.popLast() {
                slot = reused
                nodes[slot] = node
            } else {
                slot = nodes.count
                nodes.append(node)
            }
            index[key] = slot
            bytes += cost
        }
        // Second chance: a referenced node loses its mark, an unmarked one goes.
        while bytes > maximumBytes && !index.isEmpty {
            let slot = hand
            hand = (hand + 1) % nodes.count
            guard nodes[slot].live else { continue }
            if nodes[slot].referenced {
                nodes[slot].referenced = false
            } else {
                evict(slot)
            }
        }
    }

    private mutating func evict(_ slot: Int) {
        index[nodes[slot].key] = nil
        bytes -= nodes[slot].cost
        nodes[slot].glyphs.deallocate()
        nodes[slot].glyphs = UnsafeMutableBufferPointer(start: nil, count: 0)
        nodes[slot].face = nil
        nodes[slot].live = false
        free.append(slot)
        evictions += 1
    }
}
