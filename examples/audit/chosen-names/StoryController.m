#import "StoryController.h"

@implementation StoryController

- (void)viewDidUnload {
    [titleLabel release]; titleLabel = nil;
    [super viewDidUnload];
}

- (void)dealloc {
    [titleLabel release];
    [super dealloc];
}

@end
