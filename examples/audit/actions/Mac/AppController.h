#import <Cocoa/Cocoa.h>

@interface AppController : NSObject {
    IBOutlet NSView *chartView;
    IBOutlet NSWindow *inspectorWindow;
    IBOutlet NSWindow *inspectorPanel;
    ChartModel *chart;
}
- (IBAction)showInspector:(id)sender;
@end
