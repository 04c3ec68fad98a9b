import Foundation
import SiriFuzzing

// `siri-fuzz`: the fuzz targets of `FuzzTarget` in one binary.
//
// Built by `.ci/fuzz` with `--sanitize fuzzer --sanitize address -Xswiftc -DSIRI_FUZZING`,
// it is a libFuzzer binary: `siri-fuzz TARGET [libFuzzer flags] [CORPUS…]`. libFuzzer
// brings `main`, so this file then has no `@main`: libFuzzer calls
// `LLVMFuzzerInitialize` once, then `LLVMFuzzerTestOneInput` for each input. The target
// may also be named by `SIRI_FUZZ_TARGET`; it is put there either way, so the processes
// libFuzzer starts for `-fork`, `-jobs` and `-merge` fuzz the same target.
//
// Built normally (`swift build`), it replays inputs without sanitizers:
// `siri-fuzz TARGET FILE|FOLDER…` runs every file through the target, as
// `FuzzRegressionTests` does, and says how many it ran; a crash stops it.

/// The target this process fuzzes, read once from `SIRI_FUZZ_TARGET`.
enum Selected {
  static let target: FuzzTarget? = ProcessInfo.processInfo.environment["SIRI_FUZZ_TARGET"].flatMap(FuzzTarget.init)

  /// Takes the target's name from the first argument, if it is one, into `SIRI_FUZZ_TARGET`.
  static func takeTargetArgument(_ arguments: inout [String]) {
    if arguments.count > 1, FuzzTarget(rawValue: arguments[1]) != nil {
      setenv("SIRI_FUZZ_TARGET", arguments.remove(at: 1), 1)
    }
  }

  static func usage() -> Never {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
    FileHandle.standardError.write(Data("usage: siri-fuzz \(names) [ARGUMENTS…] (or set SIRI_FUZZ_TARGET)\n".utf8))
    exit(2)
  }
}

#if SIRI_FUZZING
/// Called by libFuzzer once, before it reads its flags: drops the target's name from the
/// arguments and loads what the target needs, so the first input's `-timeout` is not
/// charged with compiling the grammar.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
  if argc.pointee > 1, let arguments = argv.pointee, let first = arguments[1],
     FuzzTarget(rawValue: String(cString: first)) != nil {
    setenv("SIRI_FUZZ_TARGET", first, 1)
    for index in 1..<Int(argc.pointee) { arguments[index] = arguments[index + 1] }
    argc.pointee -= 1
  }
  guard let target = Selected.target else { Selected.usage() }
  target.prepare()
  return 0
}
#else
@main
enum SiriFuzz {
  static func main() {
    var arguments = CommandLine.arguments
    Selected.takeTargetArgument(&arguments)
    guard let target = Selected.target else { Selected.usage() }
    target.prepare()
    exit(replay(target, arguments.dropFirst()))
  }

  /// Runs every file named, or every file in a folder named, through `target`.
  static func replay(_ target: FuzzTarget, _ paths: ArraySlice<String>) -> Int32 {
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        FileHandle.standardError.write(Data("siri-fuzz: no such file: \(path)\n".utf8))
        return 2
      }
      if isDirectory.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        files += names.sorted().map { (path as NSString).appendingPathComponent($0) }
      } else {
        files.append(path)
      }
    }
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      print("\(target.rawValue): \(file) (\(data.count) bytes)")
      target.runBlocking([UInt8](data))
    }
    print("\(target.rawValue): ran \(files.count) input(s) without a crash")
    return 0
  }
}
#endif

/// libFuzzer's entry point: one input through the selected target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let target = Selected.target else { return 0 }
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  target.runBlocking(bytes)
  return 0
}
