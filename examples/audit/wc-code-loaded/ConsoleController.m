#import "ConsoleController.h"

@implementation ConsoleController
- (id)init
{
    self = [super init];
    if (self) {
        [NSBundle loadNibNamed:@"Console" owner:self];
    }
    return self;
}

- (void)dealloc
{
    [actionsMenu release];
    [[self window] release];
    [super dealloc];
}
@end
