#import "Viewer.h"

@implementation Viewer
@synthesize status;

- (id)init {
    return [super initWithWindowNibName:@"Viewer"];
}

- (void)windowDidLoad {
    // We add and remove this tab: keep it (given back when the sheet ends).
    [advancedTab retain];
    [NSBundle loadNibNamed:[self dateItemNibName] owner:self];
}

- (NSString *)dateItemNibName
{
    return @"DateFilter";
}

- (void)sheetDidEnd:(NSWindow *)sheet returnCode:(NSInteger)code contextInfo:(void *)info {
    [advancedTab autorelease];
}

- (void)dealloc {
    // Loaded from DateFilter.xib by hand: ours to release (R3).
    [datePicker release];
    // DateFilter.xib's view; the window's search view is the window controller's (R1).
    if (searchView != optionsView)
        [optionsView release];
    if ([self isWindowLoaded]) {
        [status release];
    }
    [super dealloc];
}
@end

@implementation Sorter
- (NSView *)configureView {
    if (!configureView) [NSBundle loadNibNamed:@"SortConfiguration" owner:self];
    return configureView;
}

- (void)dealloc {
    [configureView release]; configureView = nil;
    [super dealloc];
}
@end

@implementation Inspector
- (NSView *)createView {
    [NSBundle loadNibNamed:@"Inspector" owner:self];
    NSView *result = panelView;
    panelView = nil;
    return result;
}
@end
