import Documents

// One strict JSON reader with line and column (batch lines, specs, catalogs, layout files),
// and YAML with bounded aliases.
let node = try DocumentNode.parseJSON(Array(#"{"width": 343, "lines": 2}"#.utf8))
print(node.kindDescription)  // an object
do {
    _ = try DocumentNode.parseJSON(Array(#"{"width": 343,}"#.utf8))
} catch {
    print(error)  // the trailing comma, with its line and column
}
let yaml = try DocumentNode.parseYAML("width: 343\nlines: 2\n")
print(yaml.kindDescription)  // an object
