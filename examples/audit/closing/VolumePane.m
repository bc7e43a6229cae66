#import "VolumePane.h"

@implementation VolumePane

- (void)mainViewDidLoad
{
    presets = [[NSMutableArray alloc] init];
}

- (void)didUnselect
{
    // The nib's top-level helper view, the pane's +1: given back when unselected.
    [levelView release]; levelView = nil;
}

- (void)dealloc
{
    [super dealloc];
}

@end
