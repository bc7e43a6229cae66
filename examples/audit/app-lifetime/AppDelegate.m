#import "AppDelegate.h"
#import "Prefs.h"

@implementation AppDelegate

- (id)init {
    if ((self = [super init])) {
        torrents = [[NSMutableArray alloc] init];
        cache = [[NSMutableArray alloc] init];
    }
    return self;
}

// An action: the release leaves `cache` pointing at a freed array (no nil after it).
- (IBAction)refresh:(id)sender {
    [cache release];
}

- (IBAction)showPreferences:(id)sender {
    [[Prefs sharedInstance] showWindow:nil];
}

// The application's last event: nothing reads `torrents` after it.
- (void)applicationWillTerminate:(NSNotification *)notification {
    [torrents release];
}

@end
