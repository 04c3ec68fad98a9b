import AppLoading
import Foundation

/// `app-definition`: the input as an app definition file (`harbor.json`).
///
/// Reads it with `AppFileReader.read(data:path:)` and, when it reads, checks it with
/// `AppDefinitionChecker.check`, as `--app` and `:app load` do. Whatever the bytes, the
/// answer is an app or an `AppFileError` whose every line names the file; an items file it
/// names is looked for in an empty folder (absolute paths are what they are: a path to a
/// device or a folder is refused by the reader).
enum AppDefinitionTarget {
  static let folder: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("siri-fuzz-apps-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  static func run(_ input: [UInt8]) {
    let path = "fuzz-app.json"
    do {
      let file = try AppFileReader.read(data: Data(input), path: path, baseDirectory: folder)
      let blueprint = try AppDefinitionChecker.check(file)
      fuzzCheck(!blueprint.name.isEmpty, "an app installed without a name")
    } catch {
      fuzzCheck(!error.problems.isEmpty, "an app file refused without a problem")
      for problem in error.problems {
        fuzzCheck(!problem.file.isEmpty && !problem.message.isEmpty, "a problem without its file or what: \(problem)")
      }
      _ = error.description
    }
  }
}
