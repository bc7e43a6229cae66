#import "AboutViewController.h"

@implementation AboutViewController

- (void)viewDidUnload {
    self.version = nil;
    [super viewDidUnload];
}

- (void)dealloc {
    [super dealloc];
}

@end
