#import "AppDelegate.h"

@implementation AppDelegate

- (IBAction)showInspector:(id)sender
{
    inspector = [[InspectorController alloc] initWithWindowNibName:@"Inspector"];
    quiet = [[QuietController alloc] initWithWindowNibName:@"Quiet"];
}

@end
