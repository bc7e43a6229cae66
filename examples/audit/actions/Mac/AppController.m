#import "AppController.h"

@implementation AppController
- (void)awakeFromNib {
    chart = [[ChartModel alloc] init];
}
- (IBAction)showInspector:(id)sender {
    if (!inspectorWindow) {
        [NSBundle loadNibNamed:@"Inspector" owner:self];
    }
    [inspectorWindow makeKeyAndOrderFront:nil];
}
- (IBAction)hideBadge:(id)sender {
    [badgeView removeFromSuperview];
}
- (IBAction)showWelcome:(id)sender {
    [NSBundle loadNibNamed:@"Welcome" owner:self];
}
- (IBAction)dismissWelcome:(id)sender {
    [welcomeWindow close];
}
- (void)dealloc {
    [chart release];
    [super dealloc];
}
@end
