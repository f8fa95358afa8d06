import Catalogs

// Translations from String Catalogs, .strings and gettext .po files, with file and line.
let entries = try Catalogs.read(["Tests/MeasureCLITests/Fixtures/xdg-user-dirs/de.po"], sourceLanguage: "en")
for entry in entries where entry.key == "Desktop" {
    print(entry.language, entry.text, "\(entry.file):\(entry.line)")  // en Desktop …, de Schreibtisch …/de.po:16
}
