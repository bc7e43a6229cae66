#import <Cocoa/Cocoa.h>

@interface AppController : NSObject {
    IBOutlet NSView *chartView;
    IBOutlet NSView *badgeView;
    IBOutlet NSWindow *inspectorWindow;
    IBOutlet NSWindow *inspectorPanel;
    IBOutlet NSWindow *welcomeWindow;
    ChartModel *chart;
}
- (IBAction)showInspector:(id)sender;
- (IBAction)hideBadge:(id)sender;
- (IBAction)showWelcome:(id)sender;
- (IBAction)dismissWelcome:(id)sender;
@end
