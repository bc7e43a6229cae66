#import "FeedController.h"

@implementation FeedController

- (void)viewDidUnload {
    [status release]; status = nil;
    [super viewDidUnload];
}

- (void)dealloc {
    [status release];
    [super dealloc];
}

@end
