#import "Keeper.h"

@implementation Keeper

- (void)show
{
    [NSBundle loadNibNamed:@"Keeper" owner:self];
    [window makeKeyAndOrderFront:nil];
}

- (IBAction)done:(id)sender
{
    [window close];
    [self release];
}

@end
