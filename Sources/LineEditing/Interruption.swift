import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A request to stop, checked by long loops between two units of work (a line of a
/// script, a row of an evaluation), so that they stop cleanly rather than die.
///
/// In `siri` it is Ctrl-C: ``interruptSignal()``. Tests pass their own check, so the
/// loops never read process-wide state themselves.
public struct Interruption: Sendable {
  private let check: @Sendable () -> Bool

  /// - Parameter isRequested: whether to stop now; called between units of work, from
  ///   any thread.
  public init(isRequested: @escaping @Sendable () -> Bool) {
    check = isRequested
  }

  /// Whether the loop should stop before its next unit of work.
  public var isRequested: Bool { check() }

  /// Never requested.
  public static var never: Interruption { Interruption { false } }

  /// Ctrl-C (SIGINT) as a request to stop instead of the end of the process: installs
  /// a handler for SIGINT and returns the interruption that is requested once a SIGINT
  /// has arrived (at any time after this call).
  ///
  /// The handler is installed without `SA_RESTART`, so a blocking read (`el_gets`
  /// waiting for a key, `read` on a pipe) returns `EINTR` at once: ``LineEditor``
  /// then drops the line being typed and prompts again, ``StandardInputReader`` ends
  /// its input when the interruption is requested. That only happens in the thread
  /// the signal is delivered to: the kernel prefers the main thread, so call this,
  /// and read, on the main thread. (Dispatch's worker threads block SIGINT; on Linux
  /// the main actor of an `async` main runs on one after its first `await`.) SIGINT
  /// is unblocked in the calling thread, in case the parent left it blocked.
  public static func interruptSignal() -> Interruption {
    InterruptSignal.install()
    return Interruption { InterruptSignal.count > 0 }
  }
}

/// The SIGINT handler and what it sets.
enum InterruptSignal {
  /// How many SIGINTs have arrived since ``install()``. This is the program's one piece
  /// of process-wide mutable state: a signal handler can reach nothing but globals, and
  /// only lock-free atomics are safe to touch from one.
  private static let received = Atomic<Int>(0)

  static var count: Int { received.load(ordering: .relaxed) }

  /// The self-pipe the handler writes a byte to, so the line editor's read wakes up
  /// wherever the signal came in (a signal between two reads would otherwise be
  /// lost to it). Both ends non-blocking and close-on-exec; made once.
  static let selfPipe: (read: Int32, write: Int32) = {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { return (-1, -1) }
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    return (descriptors[0], descriptors[1])
  }()

  /// Makes SIGINT increment ``count`` instead of ending the process. Idempotent.
  static func install() {
    // Initialize the (lazy) static before a signal can reach it from the handler.
    _ = received.load(ordering: .relaxed)
    _ = selfPipe
    var action = sigaction()
    let handler: @convention(c) (Int32) -> Void = { _ in
      InterruptSignal.received.wrappingAdd(1, ordering: .relaxed)
      // Wakes the line editor's read, wherever the signal came in (see CLibEdit).
      var byte: UInt8 = 1
      _ = write(InterruptSignal.selfPipe.write, &byte, 1)
    }
    #if canImport(Darwin)
    action.__sigaction_u.__sa_handler = handler
    #else
    action.__sigaction_handler.sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    // No SA_RESTART: interrupted reads must return, so the loops can look at the flag.
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    // A mask is inherited: a parent that started us from a thread blocking SIGINT
    // (Foundation's `Process`, from a Dispatch thread) would leave it pending forever.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }
}
