import MediaAppKit
import Testing

/// What playback remembers: where each resumable item was left, and nothing for items
/// left at their start, so a long session of plays keeps the store small.
struct PlaybackStateTests {
  @Test func itemsLeftAtTheirStartLeaveNoPosition() {
    var state = PlaybackState()
    for index in 0..<1_000 {
      state.play("s\(index)", container: nil, at: 0)
    }
    #expect(state.positions.isEmpty)
    #expect(state.history.count == 50)
    #expect(state.history.last == "s999")
  }

  @Test func positionsAreKeptWhereTheUserLeftOff() {
    var state = PlaybackState()
    state.play("book", container: nil, at: 0)
    state.play("song", container: nil, at: 600)  // ten minutes into the book
    #expect(state.positions["book"] == 600)
    state.pause(at: 630)
    #expect(state.positions["song"] == 30)
    // Started again from the beginning and left at once: the old position goes.
    state.play("song", container: nil, position: 0, at: 630)
    state.play("book", container: nil, position: 600, at: 630)
    #expect(state.positions["song"] == nil)
    #expect(state.positions["book"] == 600)
  }
}
