/// A font weight on the OpenType `usWeightClass` scale (1–1000), named as `UIFont.Weight` names them.
public struct FontWeight: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The OpenType weight class, 1...1000 (400 is regular, 700 bold).
    public let value: Int

    /// Creates a weight from an OpenType weight class; returns nil outside 1...1000.
    public init?(value: Int) {
        guard (1...1000).contains(value) else { return nil }
        self.value = value
    }

    private init(unchecked value: Int) { self.value = value }

    /// 100
    public static let ultraLight = FontWeight(unchecked: 100)
    /// 200
    public static let thin = FontWeight(unchecked: 200)
    /// 300
    public static let light = FontWeight(unchecked: 300)
    /// 400
    public static let regular = FontWeight(unchecked: 400)
    /// 500
    public static let medium = FontWeight(unchecked: 500)
    /// 600
    public static let semibold = FontWeight(unchecked: 600)
    /// 700
    public static let bold = FontWeight(unchecked: 700)
    /// 800
    public static let heavy = FontWeight(unchecked: 800)
    /// 900
    public static let black = FontWeight(unchecked: 900)

    /// The named weights, lightest first.
    public static let named: [(name: String, weight: FontWeight)] = [
        ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
        ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
    ]

    /// Parses a weight name (`regular`, `semibold`, …, case-insensitive) or a number 1...1000.
    public init?(parsing text: String) {
        let lowered = text.lowercased()
        if let number = Int(lowered) {
            self.init(value: number)
            return
        }
        let aliases: [String: FontWeight] = [
            "normal": .regular, "book": .regular, "demibold": .semibold, "semi-bold": .semibold, "extrabold": .heavy,
            "extralight": .ultraLight,
        ]
        if let match = FontWeight.named.first(where: { $0.name.lowercased() == lowered }) {
            self = match.weight
        } else if let alias = aliases[lowered] {
            self = alias
        } else {
            return nil
        }
    }

    /// Lighter weights sort first.
    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.value < rhs.value }

    /// The weight's UIKit name ("semibold"), or its number when it has none.
    public var description: String {
        FontWeight.named.first(where: { $0.weight == self })?.name ?? String(value)
    }
}
