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

@interface PrefsController : NSWindowController {
    NSArray *panes;
}
@end
