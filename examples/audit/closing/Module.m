#import "Module.h"

@implementation Module

- (NSView *)view
{
    if (!view) {
        [NSBundle loadNibNamed:[self nibName] owner:self];
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

- (void)moduleWillClose
{
}

@end

@implementation ColorsModule

- (NSString *)nibName
{
    return @"ColorsModule";
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
