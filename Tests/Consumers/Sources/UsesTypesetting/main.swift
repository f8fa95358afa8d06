import Typesetting

let font = try FontRegistry.shared.systemFont(size: 17)  // SF Pro if supplied, else Inter with SF Pro's line metrics
let body = try FontRegistry.shared.font(textStyle: .body, category: .accessibilityLarge)
print(body.size)  // 33.0: body at accessibilityLarge

// Prepare once (itemize, shape, find break opportunities), lay out at any width.
let text = try PreparedText("Sign up to get started", font: font)
let layout = try text.layout(LayoutOptions(width: 343, numberOfLines: 0))
print(layout.lines.count, layout.size(scale: 2))  // 1 (width: 175.5, height: 20.5)
print(try text.measure(LayoutOptions(width: 300)).size(scale: 2))  // the same size, no lines built

// Shaped words are kept in a bounded, thread-safe cache (ShapingCache.shared, 64 MiB).
let cache = ShapingCache(maximumBytes: 8 << 20)
_ = try PreparedText("Sign up", font: font, shapingCache: cache)
print(cache.statistics.hitRate)  // 0.0: every word was new
