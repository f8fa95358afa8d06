import Catalogs

// Every translation of every key, with its file and line; format specifiers filled with samples.
let entries = try Catalogs.read(
    ["Tests/MeasureCLITests/Fixtures/xdg-user-dirs/de.po"], sourceLanguage: "en")
// Applications en Applications …/de.po:13, then Applications de Anwendungen …/de.po:13
for entry in entries.prefix(2) {
    print(entry.key, entry.language, entry.text, "\(entry.file):\(entry.line)")
}
