import BoxKit
import XCTest

/// An XCTest case that gives each test its own box with the synchronous `withBox`.
final class WithBoxXCTests: XCTestCase {
    override func invokeTest() {
        withBox(Box(copying: .shared)) { super.invokeTest() }
    }

    func testRegistersIntoItsOwnBox() {
        Box.shared.register { Mock(greeting: "xctest") as any Greeter }
        XCTAssertEqual(Welcome().greeter.greeting, "xctest")
    }

    func testDoesNotSeeTheOtherTestsMock() {
        XCTAssertFalse(Box.shared.isRegistered((any Greeter).self))
    }
}
