#import "Prefs.h"

static Prefs *shared = nil;

@implementation Prefs

// Made once, never released: `modules` lives as long as the application.
+ (id)sharedInstance {
    if (!shared)
        shared = [[self alloc] init];
    return shared;
}

- (id)init {
    if ((self = [super initWithWindowNibName:@"Prefs"])) {
        modules = [[NSMutableArray alloc] init];
    }
    return self;
}

// The window keeps the toolbar (its setter retains): `toolbar` does not dangle (B8).
- (void)windowDidLoad {
    toolbar = [[NSToolbar alloc] initWithIdentifier:@"preferences"];
    [toolbar setDelegate:self];
    [[self window] setToolbar:toolbar];
    [toolbar release];
}

@end
