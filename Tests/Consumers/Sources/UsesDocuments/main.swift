import Documents

// One strict JSON reader (and YAML with bounded aliases) for every document, with positions.
let node = try DocumentNode.parseJSON(Array(#"{"text": "Sign up", "width": 343}"#.utf8))
for member in node.members ?? [] {
    print(member.key, member.keyPosition)  // text line 1, column 2 / width line 1, column 21
}
do {
    _ = try DocumentNode.parseJSON(Array("[1, 2,]".utf8))
} catch {
    print(error.kind, error.position?.column ?? 0)  // syntax 6: a trailing comma is an error
}
