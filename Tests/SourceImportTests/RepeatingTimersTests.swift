import XCTest
@testable import SourceImport

/// B15: the reader's repeating timers with self as target, and `[x invalidate]`.
final class RepeatingTimersTests: XCTestCase {
    func kinds(_ body: String) -> [ImportedStatementKind] {
        let p = readProject([("P.m", "@interface P : NSObject {\n    NSTimer *_timer;\n}\n@property (nonatomic, assign) NSTimer *timer;\n@end\n@implementation P\n- (void)viewDidLoad {\n\(body)}\n@end\n")])
        return p["P"]?.method("viewDidLoad")?.statements.map(\.kind) ?? []
    }

    func testAScheduledRepeatingTimerOnSelfIsRead() {
        XCTAssertEqual(kinds("    _timer = [NSTimer scheduledTimerWithTimeInterval:1 target:self selector:@selector(tick:) userInfo:nil repeats:YES];\n"),
                       [.makeTimer("_timer", selector: "tick:", scheduled: true, retained: false, viaSetter: false)])
        XCTAssertEqual(kinds("    _timer = [[NSTimer scheduledTimerWithTimeInterval:0.25 target:self selector:@selector(update) userInfo:nil repeats:YES] retain];\n"),
                       [.setNew("_timer", className: "", autoreleased: false, viaSetter: false)])
        XCTAssertEqual(kinds("    self.timer = [NSTimer scheduledTimerWithTimeInterval:1 target:self selector:@selector(tick:) userInfo:[NSDictionary dictionary] repeats:YES];\n"),
                       [.makeTimer("timer", selector: "tick:", scheduled: true, retained: false, viaSetter: true)])
    }

    /// Retained, it stays the owned object it was (a leak when nothing releases it), with its
    /// timer beside it for the audit.
    func testARetainedTimerIsAnOwnedObjectWithItsTimer() {
        let p = readProject([("P.m", "@interface P : NSObject {\n    NSTimer *_timer;\n}\n@end\n@implementation P\n- (void)viewDidLoad {\n    _timer = [[NSTimer scheduledTimerWithTimeInterval:(NSTimeInterval)1 target:self selector:@selector(update) userInfo:nil repeats:YES] retain];\n    _timer = [[NSTimer scheduledTimerWithTimeInterval:1 target:nil selector:@selector(update) userInfo:nil repeats:YES] retain];\n}\n@end\n")])
        let st = p["P"]?.method("viewDidLoad")?.statements ?? []
        XCTAssertEqual(st.map(\.timer), [RetainedTimer(selector: "update", scheduled: true), nil])
    }

    func testAnUnscheduledTimerAddedToARunLoopIsRead() {
        XCTAssertEqual(kinds("    _timer = [NSTimer timerWithTimeInterval:1 target:self selector:@selector(tick:) userInfo:nil repeats:YES];\n    [[NSRunLoop currentRunLoop] addTimer:_timer forMode:NSRunLoopCommonModes];\n    [_timer invalidate];\n"),
                       [.makeTimer("_timer", selector: "tick:", scheduled: false, retained: false, viaSetter: false), .addTimer("_timer"), .invalidate("_timer")])
    }

    /// A one-shot timer lets its target go once it fires; another target is not self's
    /// trap; a repeat flag the text does not decide is not claimed.
    func testOtherTimersAreNotRead() {
        for body in ["    _timer = [NSTimer scheduledTimerWithTimeInterval:1 target:self selector:@selector(tick:) userInfo:nil repeats:NO];\n",
                     "    _timer = [NSTimer scheduledTimerWithTimeInterval:1 target:other selector:@selector(tick:) userInfo:nil repeats:YES];\n",
                     "    _timer = [NSTimer scheduledTimerWithTimeInterval:1 target:self selector:@selector(tick:) userInfo:nil repeats:flag];\n",
                     "    _timer = [NSTimer scheduledTimerWithTimeInterval:1 invocation:inv repeats:YES];\n"] {
            XCTAssertFalse(kinds(body).contains { if case .makeTimer = $0 { return true }; return false }, body)
        }
    }
}
