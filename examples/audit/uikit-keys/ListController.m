#import "ListController.h"

@implementation ListController

- (id)init {
    return [super initWithNibName:@"List" bundle:nil];
}

- (void)viewDidUnload {
    [footer release]; footer = nil;
    [super viewDidUnload];
}

- (void)dealloc {
    [footer release];
    [super dealloc];
}

@end
