import Foundation
import Synchronization

/// The container an app and its Intents extension share, like
/// `UserDefaults(suiteName: "group.…")`: typed values under string keys.
///
/// It is a reference type on purpose: the simulated extension and the simulated
/// main app each hold the same store, the way both processes open the same app-group
/// container. It is created by whoever wires the session and passed in; there is no
/// shared instance. Values are kept encoded, so what one side writes is exactly what
/// the other reads back, and a snapshot can be written to disk as is.
public final class AppGroupStore: Sendable {
  /// The group identifier, e.g. `group.com.example.audiocast`.
  public let identifier: String
  private let values: Mutex<[String: Data]>

  public init(identifier: String, values: [String: Data] = [:]) {
    self.identifier = identifier
    self.values = Mutex(values)
  }

  /// The value stored under `key`, or `nil` when there is none or it doesn't decode.
  public func value<Value: Decodable>(_ type: Value.Type, forKey key: String) -> Value? {
    guard let data = values.withLock({ $0[key] }) else { return nil }
    return try? JSONDecoder().decode(Value.self, from: data)
  }

  /// Stores `value` under `key`, replacing what was there.
  public func set<Value: Encodable>(_ value: Value, forKey key: String) {
    guard let data = try? Self.encoder.encode(value) else { return }
    values.withLock { $0[key] = data }
  }

  /// Removes the value under `key`.
  public func removeValue(forKey key: String) {
    _ = values.withLock { $0.removeValue(forKey: key) }
  }

  /// Reads, changes and writes back the value under `key` in one step.
  @discardableResult
  public func update<Value: Codable, Result: Sendable>(
    _ type: Value.Type, forKey key: String, default defaultValue: @autoclosure () -> Value,
    _ body: (inout Value) -> sending Result
  ) -> Result {
    values.withLock { storage in
      var value = storage[key].flatMap { try? JSONDecoder().decode(Value.self, from: $0) } ?? defaultValue()
      let result = body(&value)
      if let data = try? Self.encoder.encode(value) { storage[key] = data }
      return result
    }
  }

  /// Every key and its encoded value, for persistence and `:state`.
  public func snapshot() -> [String: Data] {
    values.withLock { $0 }
  }

  /// Replaces the whole content (restoring a snapshot, `:reset`).
  public func replaceAll(with newValues: [String: Data]) {
    values.withLock { $0 = newValues }
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }()
}
