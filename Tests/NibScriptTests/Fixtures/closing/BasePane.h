// B9 and B10: a project base class whose -closeView calls a hook subclasses override, and
// which the preferences window sends to every pane when it closes.
@interface BasePane : NSObject {
    IBOutlet NSView *view;
}
- (NSView *)view;
- (NSString *)nibName;
- (void)closeView;
- (void)viewDidLoad;
- (void)viewWillClose;
@end

@interface SoundsPane : BasePane {
    IBOutlet NSView *accessoryView;
    NSMutableArray *player;
}
@end

// B10 matches a sender only when its receiver may be the owner: `[recorder stop]` in
// PrefsController's dealloc stops a Recorder, never a SoundsPane.
@interface Recorder : NSObject
- (void)stop;
@end

@interface PrefsController : NSWindowController {
    NSArray *panes;
    Recorder *recorder;
}
@end
