#import "Pane.h"

@implementation Pane

// The nib names the Shared User Defaults Controller and NSApp ("Shared App"): the load
// makes neither, so only its menu is this owner's to release.
- (void)loadSettings {
    [NSBundle loadNibNamed:@"Pane" owner:self];
}

@end
