#import "ComposeController.h"

@implementation ComposeController

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

- (void)viewDidUnload {
    [textView release]; textView = nil;
    [super viewDidUnload];
}

- (void)dealloc {
    [textView release];
    [super dealloc];
}

@end
