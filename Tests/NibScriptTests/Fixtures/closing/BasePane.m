#import "BasePane.h"

@implementation BasePane

- (NSView *)view
{
    if (!view) {
        [NSBundle loadNibNamed:[self nibName] owner:self];
        [self viewDidLoad];
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
        [self viewWillClose];
        [view release]; view = nil;
    }
}

- (void)viewDidLoad
{
}

- (void)viewWillClose
{
}

@end

@implementation SoundsPane

- (NSString *)nibName
{
    return @"SoundsPane";
}

- (void)viewDidLoad
{
    // B11: sent after the load by -[BasePane view]; nothing releases it.
    player = [[NSMutableArray alloc] init];
}

- (void)viewWillClose
{
    [accessoryView release]; accessoryView = nil;
    [super viewWillClose];
}

- (void)stop
{
    [player release]; player = nil;
}

@end

@implementation PrefsController

- (void)windowWillClose:(NSNotification *)notification
{
    [panes makeObjectsPerformSelector:@selector(closeView)];
}

- (void)dealloc
{
    [recorder stop];
    [recorder release];
    [super dealloc];
}

@end

@implementation Recorder

- (void)stop
{
}

@end
