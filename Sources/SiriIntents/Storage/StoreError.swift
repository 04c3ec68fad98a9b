#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the app-group store couldn't do something with its files.
///
/// Every error names the file or folder concerned and what went wrong, e.g.
/// `Couldn't write the temporary file /data/group.x.json.tmp-812: No space left on device (errno 28)`.
public struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What the store was doing.
  public enum Operation: String, Equatable, Sendable {
    /// Checking that the identifier can be used as a file name.
    case validateIdentifier
    /// Creating the data folder.
    case createFolder
    /// Opening (or creating) the lock file.
    case openLockFile
    /// Taking the exclusive lock on the lock file.
    case lock
    /// Reading the lock file's generation counter.
    case readLockFile
    /// Recording a new generation in the lock file.
    case writeLockFile
    /// Reading the store file.
    case read
    /// Turning the content into the store file's bytes.
    case encode
    /// Creating or writing the temporary file a save goes to.
    case writeTemporaryFile
    /// Flushing the temporary file to disk.
    case sync
    /// Renaming the temporary file over the store file.
    case replace
    /// Moving a corrupt store file aside.
    case moveAside
  }

  /// What the store was doing.
  public var operation: Operation
  /// The file or folder concerned (for ``Operation/validateIdentifier``, the identifier).
  public var path: String
  /// The system error number, when the failure came from a system call.
  public var code: Int32?
  /// What went wrong, e.g. `No space left on device`.
  public var reason: String

  /// Makes an error; `reason` defaults to the system's text for `code`.
  public init(_ operation: Operation, path: String, code: Int32? = nil, reason: String? = nil) {
    self.operation = operation
    self.path = path
    self.code = code
    self.reason = reason ?? code.map(StoreError.systemText) ?? "unknown error"
  }

  public var description: String {
    let detail = code.map { "\(reason) (errno \($0))" } ?? reason
    switch operation {
    case .validateIdentifier: return "“\(path)” can't be used as an app-group store identifier: \(detail)"
    case .createFolder: return "Couldn't create the store folder \(path): \(detail)"
    case .openLockFile: return "Couldn't open the lock file \(path): \(detail)"
    case .lock: return "Couldn't lock \(path): \(detail)"
    case .readLockFile: return "Couldn't read the lock file \(path): \(detail)"
    case .writeLockFile: return "Couldn't update the lock file \(path): \(detail)"
    case .read: return "Couldn't read the store file \(path): \(detail)"
    case .encode: return "Couldn't encode the content of \(path): \(detail)"
    case .writeTemporaryFile: return "Couldn't write the temporary file \(path): \(detail)"
    case .sync: return "Couldn't flush \(path) to disk: \(detail)"
    case .replace: return "Couldn't replace the store file \(path): \(detail)"
    case .moveAside: return "Couldn't move \(path) aside: \(detail)"
    }
  }

  static func systemText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

/// Something the user should know about the app-group store, e.g. that a corrupt file
/// was moved aside. Notices from opening the store come back from
/// ``AppGroupStore/open(directory:identifier:)``; later ones from
/// ``AppGroupStore/takeNotices()``. `description` is the message to show.
public enum StoreNotice: Equatable, Sendable, CustomStringConvertible {
  /// The store file couldn't be read or parsed (`reason` says why, e.g. where the
  /// syntax error is); it was renamed to `movedTo` and the store started empty.
  case corruptFileMovedAside(file: String, movedTo: String, reason: String)
  /// The store file couldn't be read or parsed and couldn't be moved aside either; it
  /// was left as is and the store keeps its content in memory only.
  case corruptFileKept(file: String, reason: String, error: StoreError)
  /// The store file was in an older format and was rewritten in the current one.
  case migrated(file: String, fromVersion: Int, toVersion: Int)
  /// The store file was written by a newer version of the simulator; it was left
  /// untouched and the store keeps its content in memory only.
  case newerVersion(file: String, version: Int, supportedVersion: Int)
  /// A change couldn't be saved; it is kept in this process's memory.
  case saveFailed(StoreError)
  /// The latest content couldn't be read; the store shows what it last saw.
  case reloadFailed(StoreError)
  /// The value under `key` didn't decode as `expectedType` when it was updated; its
  /// data was kept under `movedTo` and `key` started over from the default.
  case undecodableValueMovedAside(key: String, movedTo: String, expectedType: String)
  /// A value couldn't be encoded, so nothing was stored under `key`.
  case encodingFailed(key: String, reason: String)

  public var description: String {
    switch self {
    case .corruptFileMovedAside(let file, let movedTo, let reason):
      "The app-group store file \(file) can't be used (\(reason)). It was moved aside to \(movedTo), "
        + "and the store starts empty."
    case .corruptFileKept(let file, let reason, let error):
      "The app-group store file \(file) can't be used (\(reason)), and it couldn't be moved aside: \(error). "
        + "The file was left untouched; changes in this session won't be saved."
    case .migrated(let file, let from, let to):
      "The app-group store file \(file) was upgraded from format version \(from) to \(to)."
    case .newerVersion(let file, let version, let supported):
      "The app-group store file \(file) was written by a newer version of the simulator "
        + "(format version \(version); this one reads up to version \(supported)). "
        + "The file was left untouched; changes in this session won't be saved."
    case .saveFailed(let error):
      "\(error). The change is kept in memory only."
    case .reloadFailed(let error):
      "\(error). Showing the store as this process last saw it."
    case .undecodableValueMovedAside(let key, let movedTo, let type):
      "The value under “\(key)” couldn't be read as \(type). Its data was kept under “\(movedTo)”, "
        + "and “\(key)” starts over from its default."
    case .encodingFailed(let key, let reason):
      "Couldn't encode the value for “\(key)” (\(reason)); nothing was stored."
    }
  }
}
