// B9 and B10: a project base class whose -closeView calls a hook subclasses override, and
// which the settings window sends to every module when it closes.
@interface Module : NSObject {
    IBOutlet NSView *view;
}
- (NSView *)view;
- (NSString *)nibName;
- (void)closeView;
- (void)moduleDidLoad;
- (void)moduleWillClose;
@end

@interface ColorsModule : Module {
    IBOutlet NSView *swatchView;
    NSMutableArray *palette;
}
@end

@interface SettingsController : NSWindowController {
    NSArray *modules;
}
@end
