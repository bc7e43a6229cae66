#import "PanelController.h"
#import "NSColor+Shade.h"

@interface PanelController ()
@property (readwrite, retain) IBOutlet NSView *footer;
@end

@implementation PanelController {
    NSImageView *badge;
}
@synthesize title, footer = _footer;

- (void)setCheckbox:(NSButton *)newValue {
    if (checkbox != newValue) {
        [checkbox release];
        checkbox = (NSButton *)[newValue retain];
    }
}

- (void)windowDidLoad {
    [super windowDidLoad];
    badge = [[NSImageView alloc] initWithFrame:NSZeroRect];
    tint = [[[self.window backgroundColor] darker] retain];
}

- (void)dealloc {
    [title release], title = nil;
    CLEAR(_footer);
    DROP(checkbox);
    if (badge) [badge release];
    if (!tint) { DEALLOC_SUPER; return; }
    if ([self isWindowLoaded]) [tint release];
    DEALLOC_SUPER;
}
@end
