// The fuzz targets' entry point. Built normally it replays inputs (files or folders of
// them) through a harness: `swift run fuzz text Fuzz/seeds/text`. Built by `scripts/fuzz`
// with `-sanitize=fuzzer,address -DFUZZING` it hands the arguments after the target's name
// to libFuzzer.
import Foundation
import FuzzHarness

#if FUZZING
    /// libFuzzer's entry for programs with their own `main` (in libclang_rt.fuzzer).
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// The target libFuzzer drives (set once, before the driver starts).
    nonisolated(unsafe) var fuzzedTarget = FuzzTarget.text
#endif

@main
enum FuzzTool {
    static func main() {
        var arguments = CommandLine.arguments
        // libFuzzer's -fork mode starts copies of the tool with its own flags only; they find
        // the target in FUZZ_TARGET (scripts/fuzz sets it).
        if let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"],
            arguments.count < 2 || FuzzTarget(rawValue: arguments[1]) == nil
        {
            arguments.insert(name, at: min(1, arguments.count))
        }
        guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            FileHandle.standardError.write(Data("usage: fuzz \(names) [INPUT-FILE-OR-DIR...]\n".utf8))
            exit(64)
        }
        #if FUZZING
            fuzzedTarget = target
            var cArguments: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map {
                strdup($0)
            }
            cArguments.append(nil)
            var count = Int32(cArguments.count - 1)
            let status = cArguments.withUnsafeMutableBufferPointer { buffer in
                var pointer = buffer.baseAddress
                return runFuzzerDriver(&count, &pointer) { data, size in
                    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
                    fuzzedTarget.run(bytes)
                    return 0
                }
            }
            exit(status)
        #else
            var inputs = 0
            for path in arguments.dropFirst(2) {
                for file in files(at: path) {
                    guard let data = FileManager.default.contents(atPath: file) else {
                        FileHandle.standardError.write(Data("fuzz: cannot read \(file)\n".utf8))
                        exit(66)
                    }
                    target.run(Array(data))
                    inputs += 1
                }
            }
            print("fuzz \(target.rawValue): \(inputs) inputs replayed, every invariant held")
        #endif
    }

    /// The file at `path`, or the regular files in the folder at `path`, sorted.
    static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { "\(path)/\($0)" }.filter { !$0.hasSuffix("/.gitkeep") }
    }
}
