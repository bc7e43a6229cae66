// B7: the nib connects the window's delegate to File's Owner, so closing the window sends
// it windowWillClose:, where it releases what windowDidLoad made.
@interface InspectorController : NSWindowController {
    NSMutableArray *history;
}
@end

// No delegate connection: AppKit never sends this one windowWillClose:, so its release there
// never runs and `cache` leaks (a right finding that must stay).
@interface QuietController : NSWindowController {
    NSMutableDictionary *cache;
}
@end
