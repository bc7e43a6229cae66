@interface AppDelegate : NSObject {
    LogWindowController *log;
    SilentWindowController *silent;
}
- (IBAction)showLog:(id)sender;
@end
