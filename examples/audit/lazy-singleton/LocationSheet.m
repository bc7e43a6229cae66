#import "LocationSheet.h"

// One sheet for the application's life, made on first use: its accessor is not named
// `+shared…`, but it keeps the instance in a static and returns it.
static LocationSheet *theSheet = nil;

@implementation LocationSheet

+ (id)locationSheet
{
    if (theSheet == nil)
        theSheet = [[self alloc] init];
    return theSheet;
}

- (void)beginForWindow:(NSWindow *)window
{
    if (panel == nil)
        [NSBundle loadNibNamed:@"Locator" owner:self];
    [NSApp beginSheet:panel modalForWindow:window modalDelegate:nil didEndSelector:NULL contextInfo:NULL];
}

@end
