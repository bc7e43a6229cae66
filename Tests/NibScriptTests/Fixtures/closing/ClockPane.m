#import "ClockPane.h"

@implementation ClockPane

- (void)mainViewDidLoad
{
    zones = [[NSMutableArray alloc] init];
}

- (void)didUnselect
{
    // The nib's top-level helper view, the pane's +1: given back when unselected.
    [helperView release]; helperView = nil;
}

- (void)dealloc
{
    [super dealloc];
}

@end
