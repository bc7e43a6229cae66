// B7: the nib connects the window's delegate to File's Owner, so closing the window sends
// it windowWillClose:, where it releases what windowDidLoad made.
@interface LogWindowController : NSWindowController {
    NSMutableArray *entries;
}
@end

// No delegate connection: AppKit never sends this one windowWillClose:, so its release there
// never runs and `cache` leaks (a right finding that must stay).
@interface SilentWindowController : NSWindowController {
    NSMutableDictionary *cache;
}
@end

// Registers itself for NSWindowWillCloseNotification (no delegate connection): the
// notification reaches it when the window closes.
@interface WatchWindowController : NSWindowController {
    NSMutableArray *buffer;
}
@end
