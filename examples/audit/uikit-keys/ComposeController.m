#import "ComposeController.h"

@implementation ComposeController

- (id)init {
    return [super initWithNibName:@"Compose" bundle:nil];
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
