#import "InspectorController.h"

@implementation InspectorController

- (void)windowDidLoad
{
    history = [[NSMutableArray alloc] init];
}

- (void)windowWillClose:(NSNotification *)notification
{
    [history release]; history = nil;
}

- (void)dealloc
{
    [super dealloc];
}

@end

@implementation QuietController

- (void)windowDidLoad
{
    cache = [[NSMutableDictionary alloc] init];
}

- (void)windowWillClose:(NSNotification *)notification
{
    [cache release]; cache = nil;
}

@end
