#import "Controllers.h"

@implementation ListController

- (IBAction)showSettings:(id)sender {
    SettingsController *settings = [self.storyboard instantiateViewControllerWithIdentifier:@"Settings"];
    [self.navigationController pushViewController:settings animated:YES];
}

@end

@implementation DetailController
@synthesize nameLabel;

// `nameLabel` is set to nil when the view unloads but never released in dealloc.
- (void)viewDidUnload {
    self.nameLabel = nil;
    [super viewDidUnload];
}

@end

@implementation SettingsController
@synthesize soundSwitch;

- (void)viewDidUnload {
    self.soundSwitch = nil;
    [super viewDidUnload];
}

- (void)dealloc {
    [soundSwitch release];
    [super dealloc];
}

@end

@implementation OldController
@synthesize oldLabel;
@end
