#import "Controllers.h"

@implementation ListController

- (IBAction)showSettings:(id)sender {
    SettingsController *settings = [self.storyboard instantiateViewControllerWithIdentifier:@"Settings"];
    [self.navigationController pushViewController:settings animated:YES];
}

@end

@implementation DetailController
@synthesize card, nameLabel;

// `card` is set to nil when the view unloads but never released in dealloc; `nameLabel`,
// inside it, is released, yet stays alive as the leaked card's subview.
- (void)viewDidUnload {
    self.card = nil;
    self.nameLabel = nil;
    [super viewDidUnload];
}

- (void)dealloc {
    [nameLabel release];
    [super dealloc];
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
