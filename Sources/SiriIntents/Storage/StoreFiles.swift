import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies one version of the store file on disk: a save always renames a new
/// file into place, so the inode changes; size and times catch edits in place.
struct FileStamp: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modifiedSeconds: Int
  var modifiedNanoseconds: Int
  var changedSeconds: Int
  var changedNanoseconds: Int

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    #if canImport(Darwin)
    modifiedSeconds = Int(info.st_mtimespec.tv_sec)
    modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
    changedSeconds = Int(info.st_ctimespec.tv_sec)
    changedNanoseconds = Int(info.st_ctimespec.tv_nsec)
    #else
    modifiedSeconds = Int(info.st_mtim.tv_sec)
    modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    changedSeconds = Int(info.st_ctim.tv_sec)
    changedNanoseconds = Int(info.st_ctim.tv_nsec)
    #endif
  }
}

/// Failures to inject into the store's file operations, for tests: a full disk, a
/// folder without write permission, a file that can't be read. Passed to
/// ``AppGroupStore/open(directory:identifier:faults:)``; real stores use ``none``.
struct StoreFaults: Sendable {
  /// The error number that `operation` on `path` fails with, or `nil` to let it run.
  var errorNumber: @Sendable (_ operation: StoreError.Operation, _ path: String) -> Int32?

  static let none = StoreFaults { _, _ in nil }

  /// Fails every `operation` with `code` (e.g. `.writeTemporaryFile` with `ENOSPC`).
  static func failing(_ operation: StoreError.Operation, with code: Int32) -> StoreFaults {
    StoreFaults { candidate, _ in candidate == operation ? code : nil }
  }

  /// Throws the injected failure for `operation`, if any.
  func check(_ operation: StoreError.Operation, _ path: String) throws(StoreError) {
    if let code = errorNumber(operation, path) { throw StoreError(operation, path: path, code: code) }
  }
}

/// The lock file next to the store file: `flock` on it serializes every
/// read-modify-write across processes, and its first 8 bytes hold the generation of
/// the last save (little-endian), so other processes notice a save with one `pread`.
///
/// The descriptor is opened once per store and closed with it; it is close-on-exec so
/// a child process never inherits (and so never shares) the lock.
final class StoreLockFile: Sendable {
  let path: String
  private let descriptor: Int32
  private let faults: StoreFaults

  init(path: String, faults: StoreFaults = .none) throws(StoreError) {
    self.path = path
    self.faults = faults
    try faults.check(.openLockFile, path)
    let descriptor = StoreFiles.retryingOnInterrupt { open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644) }
    guard descriptor >= 0 else { throw StoreError(.openLockFile, path: path, code: errno) }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Blocks until this process holds the exclusive lock.
  func lock() throws(StoreError) {
    try faults.check(.lock, path)
    let result = StoreFiles.retryingOnInterrupt { flock(descriptor, LOCK_EX) }
    guard result == 0 else { throw StoreError(.lock, path: path, code: errno) }
  }

  func unlock() {
    _ = flock(descriptor, LOCK_UN)
  }

  /// The generation of the last save; 0 for a new (or unreadable) lock file.
  func readCounter() -> UInt64 {
    var bytes = [UInt8](repeating: 0, count: 8)
    let count = bytes.withUnsafeMutableBytes { buffer in
      StoreFiles.retryingOnInterrupt { pread(descriptor, buffer.baseAddress, 8, 0) }
    }
    guard count == 8 else { return 0 }
    return bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  func writeCounter(_ value: UInt64) throws(StoreError) {
    try faults.check(.writeLockFile, path)
    let bytes = (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    let count = bytes.withUnsafeBytes { buffer in
      StoreFiles.retryingOnInterrupt { pwrite(descriptor, buffer.baseAddress, 8, 0) }
    }
    guard count == 8 else { throw StoreError(.writeLockFile, path: path, code: count < 0 ? errno : EIO) }
  }
}

/// The POSIX file operations the store needs, with errors as ``StoreError``.
enum StoreFiles {
  /// A file system path for a file URL.
  static func path(of url: URL) -> String {
    url.withUnsafeFileSystemRepresentation { $0.map { String(cString: $0) } } ?? url.path
  }

  static func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
    }
  }

  /// Creates `path` and any missing parent folders.
  static func makeDirectories(_ path: String) throws(StoreError) {
    var info = stat()
    if stat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else { throw StoreError(.createFolder, path: path, code: ENOTDIR) }
      return
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path { try makeDirectories(parent) }
    if mkdir(path, 0o755) != 0, errno != EEXIST { throw StoreError(.createFolder, path: path, code: errno) }
  }

  /// The stamp of the file at `path`: `nil` when there is none.
  static func stamp(atPath path: String) -> Result<FileStamp?, StoreError> {
    var info = stat()
    if stat(path, &info) == 0 { return .success(FileStamp(info)) }
    if errno == ENOENT { return .success(nil) }
    return .failure(StoreError(.read, path: path, code: errno))
  }

  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Errors that say nothing about the file (the process ran out of something): the
  /// file isn't treated as unreadable for them.
  static let passingErrors: Set<Int32> = [EMFILE, ENFILE, ENOMEM, ENOBUFS, EAGAIN]

  enum ReadResult {
    case missing
    case failed(StoreError)
    case read([UInt8], FileStamp)
  }

  /// The whole file and the stamp of what was read (taken from the open descriptor,
  /// so it describes these very bytes even if the file is replaced meanwhile).
  static func readFile(_ path: String, faults: StoreFaults = .none) -> ReadResult {
    if exists(path) {
      do throws(StoreError) { try faults.check(.read, path) } catch { return .failed(error) }
    }
    let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else {
      return errno == ENOENT ? .missing : .failed(StoreError(.read, path: path, code: errno))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failed(StoreError(.read, path: path, code: errno)) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      return .failed(StoreError(.read, path: path, reason: "it is not a regular file"))
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size) + 1)
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        retryingOnInterrupt { read(descriptor, buffer.baseAddress, buffer.count) }
      }
      if count < 0 { return .failed(StoreError(.read, path: path, code: errno)) }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
    }
    return .read(bytes, FileStamp(info))
  }

  /// Replaces the file at `path` with `bytes` so that it is always either the old or
  /// the new content: writes `temporaryPath` in the same folder, flushes it, calls
  /// `beforeReplacing`, renames it over `path` and flushes the folder.
  ///
  /// `crashAfterBytes` is the kill-mid-write test hook: when set, the process exits
  /// with status 9 after writing that many bytes of the temporary file (or, when the
  /// file is shorter, after flushing it, just before the rename). `faults` makes the
  /// writing, flushing or renaming fail (after the temporary file was created).
  static func writeAtomically(
    _ bytes: [UInt8], to path: String, temporaryPath: String, directoryPath: String, crashAfterBytes: Int?,
    faults: StoreFaults = .none, durable: Bool = true, beforeReplacing: () throws(StoreError) -> Void
  ) throws(StoreError) {
    let descriptor = retryingOnInterrupt {
      open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { throw StoreError(.writeTemporaryFile, path: temporaryPath, code: errno) }
    var isOpen = true
    var renamed = false
    defer {
      if isOpen { close(descriptor) }
      if !renamed { unlink(temporaryPath) }
    }
    let limit = crashAfterBytes.map { min(max($0, 0), bytes.count) } ?? bytes.count
    try faults.check(.writeTemporaryFile, temporaryPath)
    try writeAll(bytes[..<limit], to: descriptor, path: temporaryPath)
    if let crashAfterBytes, crashAfterBytes < bytes.count { _exit(9) }
    try faults.check(.sync, temporaryPath)
    guard !durable || fsync(descriptor) == 0 else { throw StoreError(.sync, path: temporaryPath, code: errno) }
    if crashAfterBytes != nil { _exit(9) }
    isOpen = false
    guard close(descriptor) == 0 else { throw StoreError(.writeTemporaryFile, path: temporaryPath, code: errno) }
    try beforeReplacing()
    try faults.check(.replace, path)
    guard rename(temporaryPath, path) == 0 else { throw StoreError(.replace, path: path, code: errno) }
    renamed = true
    if durable { syncDirectory(directoryPath) }
  }

  private static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, path: String) throws(StoreError) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        retryingOnInterrupt { write(descriptor, buffer.baseAddress! + written, buffer.count - written) }
      }
      guard count > 0 else { throw StoreError(.writeTemporaryFile, path: path, code: count < 0 ? errno : EIO) }
      written += count
    }
  }

  /// Flushes a folder's entries (after a rename). Best effort: some file systems
  /// can't sync a folder, and the rename itself already happened.
  static func syncDirectory(_ path: String) {
    let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }

  /// Renames `path` to `<path>.corrupt-<UTC YYYYMMDD-HHMMSS>` (plus `-2`, `-3`… when
  /// that name is taken) and returns the new path.
  static func moveAside(_ path: String, directoryPath: String, faults: StoreFaults = .none) throws(StoreError) -> String {
    try faults.check(.moveAside, path)
    let base = path + ".corrupt-" + utcTimestamp()
    var candidate = base
    var counter = 2
    while exists(candidate) {
      candidate = base + "-\(counter)"
      counter += 1
    }
    guard rename(path, candidate) == 0 else { throw StoreError(.moveAside, path: path, code: errno) }
    syncDirectory(directoryPath)
    return candidate
  }

  /// Now in UTC as `YYYYMMDD-HHMMSS`.
  static func utcTimestamp() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    func pad(_ value: Int32, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return pad(parts.tm_year + 1900, 4) + pad(parts.tm_mon + 1, 2) + pad(parts.tm_mday, 2) + "-"
      + pad(parts.tm_hour, 2) + pad(parts.tm_min, 2) + pad(parts.tm_sec, 2)
  }

  /// Removes temporary files left by writers that died mid-save. Only call it while
  /// holding the lock: writers create temporary files only under the lock, so any
  /// that exist then are leftovers, never a save in progress.
  static func removeLeftoverTemporaryFiles(in directoryPath: String, prefix: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directoryPath) else { return }
    for name in names where name.hasPrefix(prefix) {
      unlink(directoryPath + "/" + name)
    }
  }
}
