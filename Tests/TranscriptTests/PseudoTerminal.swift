import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run on a pseudo-terminal of its own, as on a real one: the terminal is its
/// controlling terminal and its process group the foreground one, so the interrupt
/// character (Ctrl-C, 0x03) written to the master goes through the line discipline
/// and arrives as SIGINT, as it does when a person presses the keys.
///
/// Foundation's `Process` cannot do that (its child stays in the test's session,
/// without a controlling terminal), so the program is started with `posix_spawn` in a
/// new session (`POSIX_SPAWN_SETSID`) that opens the terminal's slave side by path.
final class PseudoTerminal {
  let pid: pid_t
  /// The master side: what is written here is typed; what the program prints is read here.
  let master: Int32
  /// Everything read from the master so far.
  private(set) var bytes: [UInt8] = []
  /// ``bytes`` as text.
  var output: String { String(decoding: bytes, as: UTF8.self) }
  private var exitStatus: Int32?

  init(executable: String, arguments: [String], environment: [String: String]) throws {
    // The master is opened close-on-exec, and the slave is never opened here: other
    // tests start processes from other threads at any time, and a process that
    // inherited either end would keep this terminal alive or read from it.
    // (posix_openpt, unlockpt and ptsname by hand: the Glibc module doesn't show them.)
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw Failure("/dev/ptmx: \(Self.error())") }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(master, Self.unlockRequest, &unlock) == 0, ioctl(master, Self.numberRequest, &number) == 0 else {
      close(master)
      throw Failure("unlocking the terminal: \(Self.error())")
    }
    let slavePath = "/dev/pts/\(number)"
    var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened by the new session's leader, the terminal becomes its controlling one.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGINT)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(Self.setSessionFlag | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard result == 0 else {
      close(master)
      throw Failure("posix_spawn: \(String(cString: strerror(result)))")
    }
    self.pid = pid
    self.master = master
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
  }

  #if canImport(Darwin)
  static let setSessionFlag = Int32(POSIX_SPAWN_SETSID)
  #else
  /// glibc's `POSIX_SPAWN_SETSID` (a GNU extension the Glibc module does not show).
  static let setSessionFlag: Int32 = 0x80
  #endif

  /// Linux's `TIOCSPTLCK` (`_IOW('T', 0x31, int)`) and `TIOCGPTN` (`_IOR('T', 0x30,
  /// unsigned int)`), which the Glibc module does not show.
  static let unlockRequest: UInt = 0x4004_5431
  static let numberRequest: UInt = 0x8004_5430

  /// Types `text`.
  func type(_ text: String) {
    var typed = Array(text.utf8)
    while !typed.isEmpty {
      let count = write(master, typed, typed.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      typed.removeFirst(count)
    }
  }

  /// What was read after `offset` (a value of ``end``).
  func output(after offset: Int) -> String {
    String(decoding: bytes[min(offset, bytes.count)...], as: UTF8.self)
  }

  /// Reads until the output after `offset` contains `text`, the program ends, or
  /// `timeout` seconds pass. Returns whether `text` came.
  @discardableResult
  func waitFor(_ text: String, after offset: Int = 0, timeout: Double = 60) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if output(after: offset).contains(text) { return true }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0, readSome(timeout: remaining) != .closed else { return false }
    }
  }

  /// The position after everything read so far, to look only at what comes next.
  var end: Int { bytes.count }

  /// Set when the program ended but its status was collected by someone else:
  /// Foundation's `Process`, started by other tests in this process, reaps children
  /// it did not start.
  private(set) var endedWithoutStatus = false

  /// Whether the program is still running.
  var isRunning: Bool {
    if exitStatus != nil || endedWithoutStatus { return false }
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG)
    if result == pid {
      exitStatus = status
      return false
    }
    if result < 0 && errno == ECHILD {
      endedWithoutStatus = true
      return false
    }
    return true
  }

  /// Waits (reading what it prints) for the program to end; its exit status, or nil
  /// when it ended by a signal or did not end within `timeout` seconds.
  func waitForExit(timeout: Double = 30) -> (exitCode: Int32?, signal: Int32?) {
    let deadline = Date().addingTimeInterval(timeout)
    while isRunning && Date() < deadline {
      if readSome(timeout: 0.1) == .closed { usleep(20_000) }
    }
    guard let status = exitStatus else { return (nil, nil) }
    let signal = status & 0x7F
    return signal == 0 ? ((status >> 8) & 0xFF, nil) : (nil, signal)
  }

  /// The terminal's foreground process group, as the line discipline sees it.
  var foregroundProcessGroup: pid_t { tcgetpgrp(master) }

  /// Whether the line discipline turns the interrupt character into SIGINT now.
  var generatesSignals: Bool {
    var attributes = termios()
    guard tcgetattr(master, &attributes) == 0 else { return false }
    return attributes.c_lflag & tcflag_t(ISIG) != 0
  }

  /// The interrupt character the terminal uses (Ctrl-C, 0x03, unless changed).
  var interruptCharacter: UInt8 {
    var attributes = termios()
    guard tcgetattr(master, &attributes) == 0 else { return 0 }
    return withUnsafeBytes(of: attributes.c_cc) { $0[Int(VINTR)] }
  }

  private enum ReadResult { case data, nothing, closed }

  /// Reads what comes within `timeout` seconds (at most one).
  private func readSome(timeout: Double) -> ReadResult {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, Int32(max(1, min(timeout, 1) * 1000)))
    guard ready > 0 else { return .nothing }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(master, &buffer, buffer.count)
    if count < 0 && errno == EINTR { return .nothing }
    guard count > 0 else { return .closed }  // EIO: no process has the terminal open
    bytes += buffer[..<count]
    return .data
  }

  private static func error() -> String { String(cString: strerror(errno)) }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
