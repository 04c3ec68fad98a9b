import Foundation

/// A benchmark's result, printed as one JSON line with sorted keys (what the scripts
/// and the README's tables read).
public protocol JSONLineReport: Encodable {}

extension JSONLineReport {
  public var jsonLine: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
