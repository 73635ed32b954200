import Foundation
import Testing
@testable import Cookbook
import NotificationSimulator

/// Sharing work out over two lanes (issue 15, session 9): every index goes to exactly one lane,
/// once, in batches each lane gets in increasing order, whatever the count and batch size.
@Suite("Lanes")
struct LanesTests {
    @Test("sharing 0..<count out in batches gives every index to exactly one lane, once, each lane's batches in increasing order",
          arguments: [(0, 1), (1, 1), (2, 1), (7, 3), (100, 1), (1000, 8), (1001, 8)])
    func everyIndexOnce(count: Int, batch: Int) {
        let seen = Locked([[Int]]())
        Lanes.share(count, batch: batch) { next in
            var mine: [Int] = []
            while let range = next() {
                #expect(range.count <= batch && !range.isEmpty)
                mine += Array(range)
            }
            seen.withLock { $0.append(mine) }
        }
        let lanes = seen.current
        #expect(lanes.count <= 2)
        for lane in lanes { #expect(lane == lane.sorted()) }
        #expect(lanes.flatMap { $0 }.sorted() == Array(0..<count))
    }

    @Test("a batch size below one is taken as one")
    func batchBelowOne() {
        let seen = Locked([Int]())
        Lanes.share(5, batch: 0) { next in
            while let range = next() {
                #expect(range.count == 1)
                seen.withLock { $0 += Array(range) }
            }
        }
        #expect(seen.current.sorted() == Array(0..<5))
    }
}
