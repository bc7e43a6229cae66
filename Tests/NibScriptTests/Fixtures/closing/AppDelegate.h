@interface AppDelegate : NSObject {
    LogWindowController *log;
    SilentWindowController *silent;
    WatchWindowController *watch;
}
- (IBAction)showLog:(id)sender;
@end
