#import "LogWindowController.h"

@implementation LogWindowController

- (void)windowDidLoad
{
    entries = [[NSMutableArray alloc] init];
}

- (void)windowWillClose:(NSNotification *)notification
{
    [entries release]; entries = nil;
}

- (void)dealloc
{
    [super dealloc];
}

@end

@implementation SilentWindowController

- (void)windowDidLoad
{
    cache = [[NSMutableDictionary alloc] init];
}

- (void)windowWillClose:(NSNotification *)notification
{
    [cache release]; cache = nil;
}

@end

@implementation WatchWindowController

- (void)windowDidLoad
{
    buffer = [[NSMutableArray alloc] init];
    [[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(watchedWindowWillClose:) name:NSWindowWillCloseNotification object:[self window]];
}

- (void)watchedWindowWillClose:(NSNotification *)notification
{
    [buffer release]; buffer = nil;
}

@end
