// siri-store-tool: writes the persistent app-group store from another process.
// Used only by StoreTests (concurrent writers, killed writers); not a user command.
//
//   siri-store-tool [--identifier ID] increment DIR KEY COUNT   COUNT × update(Int) += 1 under KEY
//   siri-store-tool [--identifier ID] write DIR KEY VALUE       stores the string VALUE under KEY
//   siri-store-tool [--identifier ID] get DIR KEY               prints the value's JSON (exit 1: none)
//   siri-store-tool [--identifier ID] loop DIR KEY PADDING      saves LoopRecord(n: 1, 2, 3…) under KEY
//                                                              forever; prints "ready" after the first save
//   siri-store-tool [--identifier ID] append DIR KEY PREFIX COUNT
//                                          COUNT × update([String]) appends PREFIX1, PREFIX2… under KEY
//   siri-store-tool [--identifier ID] sequence DIR KEY LAST
//                                          update([Int]) appends the next number (1, 2, 3…) under KEY, one
//                                          save each, until the last is LAST; carries on where it was left
//
// Exit status: 0 done, 1 no such value, 2 usage, 3 store error (message on stderr).
// SIRI_STORE_CRASH_AFTER_BYTES=N makes the next save stop mid-write with exit status 9.

import Foundation
import SiriIntents

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `loop` saves: `padding` is `n`'s last digit repeated, so a reader can tell a
/// whole record from a mix of two.
struct LoopRecord: Codable {
  var n: Int
  var padding: String
}

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("siri-store-tool: \(message)\n".utf8))
  exit(status)
}

func printLine(_ text: String) {
  FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// Reports notices on stderr; a failed save is an error.
func check(_ notices: [StoreNotice]) {
  for notice in notices {
    if case .saveFailed = notice { fail(notice.description, status: 3) }
    FileHandle.standardError.write(Data("siri-store-tool: \(notice)\n".utf8))
  }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var identifier = "group.simulator.shared"
if arguments.first == "--identifier", arguments.count >= 2 {
  identifier = arguments[1]
  arguments.removeFirst(2)
}
let usage =
  "usage: siri-store-tool [--identifier ID] (increment DIR KEY COUNT | write DIR KEY VALUE | get DIR KEY "
  + "| loop DIR KEY PADDING | append DIR KEY PREFIX COUNT | sequence DIR KEY LAST)"
guard arguments.count >= 3 else { fail(usage, status: 2) }
let command = arguments[0]
let directory = URL(fileURLWithPath: arguments[1])
let key = arguments[2]

let store: AppGroupStore
do {
  let opened = try AppGroupStore.open(directory: directory, identifier: identifier)
  store = opened.store
  check(opened.notices)
} catch {
  fail(error.description, status: 3)
}

switch (command, arguments.count) {
case ("increment", 4):
  guard let count = Int(arguments[3]), count >= 0 else { fail(usage, status: 2) }
  for _ in 0..<count {
    store.update(Int.self, forKey: key, default: 0) { $0 += 1 }
    check(store.takeNotices())
  }

case ("write", 4):
  store.set(arguments[3], forKey: key)
  check(store.takeNotices())

case ("get", 3):
  guard let data = store.snapshot()[key] else { exit(1) }
  printLine(String(decoding: data, as: UTF8.self))

case ("loop", 4):
  guard let padding = Int(arguments[3]), padding >= 0 else { fail(usage, status: 2) }
  var n = store.value(LoopRecord.self, forKey: key)?.n ?? 0
  var isFirst = true
  while true {
    n += 1
    let digit = Character(String(n % 10))
    store.set(LoopRecord(n: n, padding: String(repeating: digit, count: padding)), forKey: key)
    check(store.takeNotices())
    if isFirst {
      printLine("ready")
      isFirst = false
    }
  }

case ("append", 5):
  guard let count = Int(arguments[4]), count >= 0 else { fail(usage, status: 2) }
  let prefix = arguments[3]
  for index in 0..<count {
    store.update([String].self, forKey: key, default: []) { $0.append("\(prefix)\(index + 1)") }
    check(store.takeNotices())
  }

case ("sequence", 4):
  guard let last = Int(arguments[3]), last >= 0 else { fail(usage, status: 2) }
  while true {
    let done = store.update([Int].self, forKey: key, default: []) { numbers -> Bool in
      guard (numbers.last ?? 0) < last else { return true }
      numbers.append((numbers.last ?? 0) + 1)
      return false
    }
    check(store.takeNotices())
    if done { break }
  }

default:
  fail(usage, status: 2)
}
