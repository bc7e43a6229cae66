#import "PlayerController.h"
#import "VolumeView.h"

@implementation PlayerController
@synthesize badge;

- (void)viewDidLoad {
    [super viewDidLoad];
    // R12: the nib's placeholder gives its place to a view made in code.
    VolumeView *v = [[VolumeView alloc] initWithFrame:volumeSlot.frame];
    [self.view insertSubview:v aboveSubview:volumeSlot];
    [volumeSlot removeFromSuperview];
    [volumeSlot release];
    volumeSlot = v;
    // V12: alloc's +1 and the retain setter's.
    self.badge = [[UIView alloc] initWithFrame:CGRectZero];
}

- (void)viewDidUnload {
    [super viewDidUnload];
    [volumeSlot release];
    volumeSlot = nil;
    [titleLabel release];
    titleLabel = nil;
    self.badge = nil;
}

// R11: the releases are written after [super dealloc].
- (void)dealloc {
    [super dealloc];
    [volumeSlot release];
    [titleLabel release];
    [badge release];
}
@end
