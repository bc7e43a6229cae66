#import "ProfileViewController.h"

@implementation ProfileViewController

@synthesize avatar = _avatar;
@synthesize editButton;

- (void)viewDidLoad {
    [super viewDidLoad];
    nameLabel.text = @"[nameLabel release];";   /* a string never confuses the scanner */
}

- (void)viewDidUnload {
    [super viewDidUnload];
    // nothing is set to nil here
}

- (void)dealloc {
#if 0
    [nameLabel release];
#endif
    [_avatar release];
    [super dealloc];
}

@end
