import Documents

// One strict JSON reader with positions, the one every document of the product goes through.
let node = try DocumentNode.parseJSON(Array(#"{"text": "Sign up", "width": 343}"#.utf8))
let width = node["width"]?.position ?? SourcePosition(line: 0, column: 0)
print(node["text"]?.stringValue ?? "", width)  // Sign up line 1, column 30
do {
    _ = try DocumentNode.parseJSON(Array("[1, 2, ]".utf8))
} catch {
    print(error)  // 1:6: a trailing comma before ']' is not allowed in JSON; remove it
}
