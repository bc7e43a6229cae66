#import <Cocoa/Cocoa.h>

@interface AppController : NSObject {
    IBOutlet NSView *chartView;
    IBOutlet NSView *badgeView;
    IBOutlet NSWindow *inspectorWindow;
    IBOutlet NSWindow *inspectorPanel;
    ChartModel *chart;
}
- (IBAction)showInspector:(id)sender;
- (IBAction)hideBadge:(id)sender;
@end
