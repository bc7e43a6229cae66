// A window controller polling with a repeating timer, stopped only in dealloc.
@interface MonitorController : NSWindowController {
    NSTimer *pollTimer;
}
@end
