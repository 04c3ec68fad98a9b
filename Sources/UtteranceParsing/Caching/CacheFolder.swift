import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of cache files of one kind (compiled grammars, checked catalogs): how they
/// are read, written and pruned.
///
/// A file is written to a temporary name and renamed, so a reader never sees half of
/// one; a failure to write is silent (it is only a cache) and leaves no temporary file.
/// Beyond ``capacity`` files, the least recently written are removed, so that editing a
/// catalog or rebuilding the program many times doesn't fill the disk.
public struct CacheFolder: Sendable, Equatable {
  public var directory: String
  /// The name ending of the folder's cache files (`.catalog`).
  public var suffix: String
  /// How many files are kept.
  public var capacity: Int

  public init(directory: String, suffix: String, capacity: Int) {
    self.directory = directory
    self.suffix = suffix
    self.capacity = capacity
  }

  /// The path of the file kept under `key`.
  public func path(forKey key: String) -> String {
    (directory as NSString).appendingPathComponent(key + suffix)
  }

  /// `count` bytes at `offset` of the regular file at `path` (at most 256 MB), read
  /// straight into an array: through `Data` they would be copied once more, at every
  /// start. `nil` when the file is shorter, or, with `wholeFile`, longer. (Opened
  /// without blocking: a FIFO put in its place can't hang.)
  public static func contents(of path: String, from offset: Int = 0, count size: Int? = nil, wholeFile: Bool = false) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var information = stat()
    guard fstat(descriptor, &information) == 0, information.st_mode & S_IFMT == S_IFREG,
      information.st_size >= 0, information.st_size <= 1 << 28
    else { return nil }
    let fileSize = Int(information.st_size)
    let size = size ?? fileSize - offset
    guard offset >= 0, size >= 0, offset + size <= fileSize, !wholeFile || offset + size == fileSize else { return nil }
    struct ShortRead: Error {}
    return try? [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = 0
      while count < size {
        let done = pread(descriptor, buffer.baseAddress! + count, size - count, off_t(offset + count))
        if done < 0 && errno == EINTR { continue }
        guard done > 0 else { throw ShortRead() }
        count += done
      }
    }
  }

  /// Runs `build` holding the build lock of the entry at `path` (an advisory `flock` on
  /// `<path>.lock`), so that of the processes and threads that miss the same entry at
  /// once (a test run starting, several `siri` started together), one builds it and the
  /// others wait and then find it: `build` should look in the cache again first. Entries
  /// of other keys don't wait for each other. The lock goes with the process if it dies.
  /// Without a folder to lock in, `build` runs unlocked.
  public func whileLocked<Result, Failure: Error>(
    path: String, _ build: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else {
      return try build()
    }
    let descriptor = open(path + Self.lockSuffix, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o644)
    guard descriptor >= 0 else { return try build() }
    defer { close(descriptor) }
    var information = stat()
    guard fstat(descriptor, &information) == 0, information.st_mode & S_IFMT == S_IFREG else { return try build() }
    var locked = flock(descriptor, LOCK_EX)
    while locked != 0 && errno == EINTR { locked = flock(descriptor, LOCK_EX) }
    defer { if locked == 0 { _ = flock(descriptor, LOCK_UN) } }
    return try build()
  }

  /// The ending of a build lock's name (after the entry's own name).
  static let lockSuffix = ".lock"

  /// Keeps `bytes` at `path` (a path of this folder), then prunes the folder.
  public func write(_ bytes: [UInt8], to path: String) {
    let fileManager = FileManager.default
    do {
      try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      return
    }
    let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: temporary))
    } catch {
      try? fileManager.removeItem(atPath: temporary)  // a disk that filled up mid-write
      return
    }
    if rename(temporary, path) != 0 { try? fileManager.removeItem(atPath: temporary) }
    prune()
  }

  /// Removes the oldest files beyond ``capacity``, and temporary files that a process
  /// killed mid-write left behind (after an hour).
  func prune() {
    let fileManager = FileManager.default
    guard let names = try? fileManager.contentsOfDirectory(atPath: directory) else { return }
    // Temporaries a killed writer left, and build locks (a build never takes an hour;
    // removing one under a waiting process costs at worst a second build, never a bad file).
    for name in names where name.contains(suffix + ".tmp-") || name.hasSuffix(suffix + Self.lockSuffix) {
      let file = (directory as NSString).appendingPathComponent(name)
      if let date = try? fileManager.attributesOfItem(atPath: file)[.modificationDate] as? Date, date.timeIntervalSinceNow < -3_600 {
        try? fileManager.removeItem(atPath: file)
      }
    }
    let files = names.filter { $0.hasSuffix(suffix) }.map { (directory as NSString).appendingPathComponent($0) }
    guard files.count > capacity else { return }
    let dated = files.map { file in
      (file, (try? fileManager.attributesOfItem(atPath: file)[.modificationDate] as? Date) ?? .distantPast)
    }
    for (file, _) in dated.sorted(by: { $0.1 > $1.1 }).dropFirst(capacity) { try? fileManager.removeItem(atPath: file) }
  }
}
