#import "SheetController.h"

@implementation SheetController

- (void)windowDidLoad
{
    history = [[NSMutableArray alloc] init];
}

- (void)windowWillClose:(NSNotification *)notification
{
    [self autorelease];
}

- (void)dealloc
{
    [history release];
    [super dealloc];
}

@end
