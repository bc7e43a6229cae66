#import "ComposeController.h"

@implementation ComposeController
@synthesize hint;

- (id)init {
    return [super initWithNibName:@"Compose" bundle:nil];
}

// The label is autoreleased and handed to the navigation item, which keeps it: the ivar
// points at a live object.
- (void)viewDidLoad {
    [super viewDidLoad];
    titleLabel = [[[UILabel alloc] initWithFrame:CGRectZero] autorelease];
    self.navigationItem.titleView = titleLabel;
}

// `hint` is let go of; `panel`, its container, is not: the panel (and the hint inside it)
// is abandoned, one finding of `panel`.
- (void)viewDidUnload {
    [textView release]; textView = nil;
    self.hint = nil;
    [super viewDidUnload];
}

- (void)dealloc {
    [textView release];
    [panel release];
    [hint release];
    [super dealloc];
}

@end
