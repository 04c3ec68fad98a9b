/// The outcome of resolving one intent parameter, shaped like SiriKit's
/// `INIntentResolutionResult` family.
///
/// A handler returns one of these per parameter; the dialogue engine turns it into
/// the next step: go on, ask for a value, ask to confirm, ask which one, or explain
/// why it can't be done.
public enum ResolutionResult<Value: Sendable & Equatable>: Sendable, Equatable {
  /// The parameter has a value the app can use.
  case success(Value)
  /// Siri must ask the user for a value.
  case needsValue
  /// The app does not need this parameter.
  case notRequired
  /// Several values fit; Siri asks the user to pick one.
  case disambiguation([Value])
  /// Siri asks the user to confirm this value before going on.
  case confirmationRequired(Value)
  /// The value can't be used, for the given reason (or none).
  case unsupported(UnsupportedReason?)

  /// A type-erased copy for traces, JSON and the dialogue engine.
  public func erased(_ describe: (Value) -> String) -> ResolutionOutcome {
    switch self {
    case .success(let value): return .success(describe(value))
    case .needsValue: return .needsValue
    case .notRequired: return .notRequired
    case .disambiguation(let values): return .disambiguation(values.map(describe))
    case .confirmationRequired(let value): return .confirmationRequired(describe(value))
    case .unsupported(let reason): return .unsupported(reason)
    }
  }
}

/// A resolution result with its value described as text: what traces and JSON show.
public enum ResolutionOutcome: Sendable, Equatable, Codable, CustomStringConvertible {
  case success(String)
  case needsValue
  case notRequired
  case disambiguation([String])
  case confirmationRequired(String)
  case unsupported(UnsupportedReason?)

  /// The SiriKit name of the result kind (`success`, `needsValue`, …).
  public var kind: String {
    switch self {
    case .success: return "success"
    case .needsValue: return "needsValue"
    case .notRequired: return "notRequired"
    case .disambiguation: return "disambiguation"
    case .confirmationRequired: return "confirmationRequired"
    case .unsupported: return "unsupported"
    }
  }

  public var description: String {
    switch self {
    case .success(let value): return "success(\(value))"
    case .needsValue: return "needsValue"
    case .notRequired: return "notRequired"
    case .disambiguation(let values): return "disambiguation(\(values.joined(separator: ", ")))"
    case .confirmationRequired(let value): return "confirmationRequired(\(value))"
    case .unsupported(let reason): return "unsupported(\(reason.map { $0.name } ?? ""))"
    }
  }
}

/// The resolution of one named parameter, as the trace and JSON report it.
public struct ParameterResolution: Sendable, Equatable, Codable {
  public var parameter: String
  public var outcome: ResolutionOutcome

  public init(parameter: String, outcome: ResolutionOutcome) {
    self.parameter = parameter
    self.outcome = outcome
  }
}
