import Catalogs

// A storyboard's translations, keyed by object id, with the line of each.
let strings = #"""
    /* Class = "UIButton"; normalTitle = "Sign up"; ObjectID = "Xyz-ab-cde"; */
    "Xyz-ab-cde.normalTitle" = "Registrieren";
    """#
for entry in try StringsFile.parse(Array(strings.utf8), file: "de.lproj/Main.strings") {
    print("\(entry.line): \(entry.key) = \(entry.value)")  // 2: Xyz-ab-cde.normalTitle = Registrieren
}
// A format measured as shown: with sample values in place of its specifiers.
let filled = FormatSamples().fill("%lld files", variant: nil)
print(filled.text, filled.samples)  // 88888 files ["%lld = 88888"]
