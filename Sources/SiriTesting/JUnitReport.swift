import Foundation

/// Transcript results as JUnit XML, the format CI systems (GitLab, Jenkins, GitHub
/// Actions reporters, Azure Pipelines…) show test results in: one `<testsuite>`, a
/// `<testcase>` per transcript, a `<failure>` holding the diff for one that differs and
/// an `<error>` for one that could not be replayed. Times are in seconds.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="siri test" tests="2" failures="1" errors="0" time="1.204">
///   <testsuite name="siri test" tests="2" failures="1" errors="0" skipped="0" time="1.204">
///     <testcase name="playlists" classname="Transcripts" file="Transcripts/playlists.transcript" time="0.601"/>
///     <testcase name="search" classname="Transcripts" file="Transcripts/search.transcript" time="0.603">
///       <failure message="Transcripts/search.transcript:14: first difference" type="difference">--- expected
/// …</failure>
///     </testcase>
///   </testsuite>
/// </testsuites>
/// ```
public enum JUnitReport {
  /// The XML for `results`, under the suite name `name`.
  public static func xml(_ results: [TranscriptResult], name: String = "siri test") -> String {
    let failures = results.filter { if case .differed = $0.outcome { true } else { false } }.count
    let errors = results.filter { if case .failed = $0.outcome { true } else { false } }.count
    let total = results.reduce(Duration.zero) { $0 + $1.duration }
    let counts = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      "<testsuites name=\"\(attribute(name))\" \(counts) time=\"\(seconds(total))\">",
      "  <testsuite name=\"\(attribute(name))\" \(counts) skipped=\"0\" time=\"\(seconds(total))\">",
    ]
    for result in results {
      let path = result.transcript.path
      let folder = (path as NSString).deletingLastPathComponent
      let testcase =
        "    <testcase name=\"\(attribute(result.transcript.name))\" classname=\"\(attribute(folder.isEmpty ? "." : folder))\""
        + " file=\"\(attribute(path))\" time=\"\(seconds(result.duration))\""
      switch result.outcome {
      case .passed:
        lines.append(testcase + "/>")
      case .differed(let difference):
        let message = "\(path):\(difference.diff.firstDifferenceLine): first difference"
        lines.append(testcase + ">")
        lines.append(
          "      <failure message=\"\(attribute(message))\" type=\"difference\">\(text(difference.diff.text))</failure>")
        lines.append("    </testcase>")
      case .failed(let error):
        lines.append(testcase + ">")
        lines.append(
          "      <error message=\"\(attribute(error.description))\" type=\"error\">\(text(error.description))</error>")
        lines.append("    </testcase>")
      }
    }
    lines += ["  </testsuite>", "</testsuites>"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `1.250`: seconds with three decimals, whatever the locale.
  static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// `text` as the value of an attribute written between double quotes: line breaks
  /// and tabs as character references, so a parser gives them back rather than
  /// turning them into spaces.
  public static func attribute(_ text: String) -> String {
    escape(text, attribute: true)
  }

  /// `text` as the content of an element.
  public static func text(_ text: String) -> String {
    escape(text, attribute: false)
  }

  /// Escapes `&`, `<` and `>`, quotes in attributes, and carriage returns.
  /// Characters XML 1.0 cannot carry at all, not even as references (the C0 controls
  /// other than tab and the line breaks; U+FFFE and U+FFFF), are shown as their
  /// Unicode control pictures (ESC as ␛) or U+FFFD.
  static func escape(_ text: String, attribute: Bool) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where attribute: result += "&quot;"
      case "'" where attribute: result += "&apos;"
      case "\r": result += "&#13;"
      case "\n": result += attribute ? "&#10;" : "\n"
      case "\t": result += attribute ? "&#9;" : "\t"
      default:
        switch scalar.value {
        case 0x00..<0x20:
          result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0xFFFE, 0xFFFF:
          result.unicodeScalars.append("\u{FFFD}")
        default:
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
