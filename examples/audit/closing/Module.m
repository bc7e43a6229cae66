#import "Module.h"

@implementation Module

- (NSView *)view
{
    if (!view) {
        [NSBundle loadNibNamed:[self nibName] owner:self];
        [self moduleDidLoad];
    }
    return view;
}

- (NSString *)nibName
{
    return @"";
}

- (void)closeView
{
    if (view) {
        [self moduleWillClose];
        [view release]; view = nil;
    }
}

- (void)moduleDidLoad
{
}

- (void)moduleWillClose
{
}

@end

@implementation ColorsModule

- (NSString *)nibName
{
    return @"ColorsModule";
}

- (void)moduleDidLoad
{
    // B11: sent after the load by -[Module view]; nothing releases it.
    palette = [[NSMutableArray alloc] init];
}

- (void)moduleWillClose
{
    [swatchView release]; swatchView = nil;
    [super moduleWillClose];
}

@end

@implementation SettingsController

- (void)windowWillClose:(NSNotification *)notification
{
    [modules makeObjectsPerformSelector:@selector(closeView)];
}

@end
