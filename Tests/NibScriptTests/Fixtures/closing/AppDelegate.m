#import "AppDelegate.h"

@implementation AppDelegate

- (IBAction)showLog:(id)sender
{
    log = [[LogWindowController alloc] initWithWindowNibName:@"LogWindow"];
    silent = [[SilentWindowController alloc] initWithWindowNibName:@"SilentWindow"];
    watch = [[WatchWindowController alloc] initWithWindowNibName:@"WatchWindow"];
}

@end
