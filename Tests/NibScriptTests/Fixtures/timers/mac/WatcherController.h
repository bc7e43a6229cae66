// The same, stopped when its window closes (it is the window's delegate).
@interface WatcherController : NSWindowController {
    NSTimer *watchTimer;
}
@end
