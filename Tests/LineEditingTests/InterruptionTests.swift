import Foundation
import LineEditing
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ``StandardInputReader`` and a signal that interrupts its read: it retries, unless
/// its ``Interruption`` is requested. SIGUSR1 stands in for SIGINT (a no-op handler
/// without `SA_RESTART`, sent to the reading thread alone), so the test process keeps
/// its own Ctrl-C.
@Suite(.serialized) struct InterruptionTests {
  @Test func neverIsNeverRequested() {
    #expect(!Interruption.never.isRequested)
    let flag = Flag()
    let interruption = Interruption { flag.isSet }
    #expect(!interruption.isRequested)
    flag.set()
    #expect(interruption.isRequested)
  }

  @Test func anInterruptedReadEndsTheInputWhenRequested() throws {
    let flag = Flag()
    flag.set()
    let (lines, _) = try Self.read(interruption: Interruption { flag.isSet }, thenWrite: nil)
    #expect(lines == [])
  }

  @Test func anInterruptedReadIsRetriedOtherwise() throws {
    let (lines, signalsSent) = try Self.read(interruption: .never, thenWrite: "play some jazz\n")
    #expect(lines == ["play some jazz"])
    #expect(signalsSent > 0)
  }

  /// Starts a thread reading one line from a pipe that stays open, interrupts its
  /// read with SIGUSR1 until it returns (or, with `thenWrite`, a few times and then
  /// writes that), and returns what it read.
  static func read(interruption: Interruption, thenWrite text: String?) throws -> (lines: [String], signals: Int) {
    installNoOpHandler()
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    defer {
      close(descriptors[0])
      close(descriptors[1])
    }
    let reader = ReaderThread(fileDescriptor: descriptors[0], interruption: interruption)
    reader.start()
    defer { reader.release() }
    var signals = 0
    let deadline = Date().addingTimeInterval(10)
    while !reader.isDone && Date() < deadline {
      if let thread = reader.thread {
        pthread_kill(thread, SIGUSR1)
        signals += 1
      }
      if let text, signals == 5 {
        _ = text.withCString { write(descriptors[1], $0, strlen($0)) }
      }
      usleep(50_000)
    }
    try #require(reader.isDone, "the reader never returned")
    return (reader.lines, signals)
  }

  static func installNoOpHandler() {
    var action = sigaction()
    let handler: @convention(c) (Int32) -> Void = { _ in }
    #if canImport(Darwin)
    action.__sigaction_u.__sa_handler = handler
    #else
    action.__sigaction_handler.sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGUSR1, &action, nil)
  }
}

final class Flag: Sendable {
  private let value = Atomic<Bool>(false)
  var isSet: Bool { value.load(ordering: .relaxed) }
  func set() { value.store(true, ordering: .relaxed) }
}

/// Reads one line (or the end of input) on a thread of its own.
final class ReaderThread: Sendable {
  private struct State {
    var thread: pthread_t?
    var lines: [String] = []
    var isDone = false
  }

  private let state = Mutex(State())
  /// The thread waits for it before ending, so `pthread_kill` never aims at a thread
  /// that is gone.
  private let released = DispatchSemaphore(value: 0)
  private let fileDescriptor: Int32
  private let interruption: Interruption

  init(fileDescriptor: Int32, interruption: Interruption) {
    self.fileDescriptor = fileDescriptor
    self.interruption = interruption
  }

  var thread: pthread_t? { state.withLock { $0.thread } }
  var isDone: Bool { state.withLock { $0.isDone } }
  var lines: [String] { state.withLock { $0.lines } }

  func start() {
    Thread {
      var signals = sigset_t()
      sigemptyset(&signals)
      sigaddset(&signals, SIGUSR1)
      pthread_sigmask(SIG_UNBLOCK, &signals, nil)
      let me = pthread_self()
      self.state.withLock { $0.thread = me }
      var reader = StandardInputReader(fileDescriptor: self.fileDescriptor, interruption: self.interruption)
      let line = reader.readLine(prompt: "")
      self.state.withLock {
        $0.lines = line.map { [$0] } ?? []
        $0.isDone = true
      }
      self.released.wait()
    }.start()
  }

  func release() { released.signal() }
}
