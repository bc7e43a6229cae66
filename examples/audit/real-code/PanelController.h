#import <Cocoa/Cocoa.h>
#import "Memory.h"
@interface PanelController : NSWindowController {
    NSTextField *title;
    IBOutlet NSButton *checkbox;
    NSColor *tint;
}
@property (retain) IBOutlet NSTextField *title;
@property (readonly) NSView *footer;
- (void)setCheckbox:(NSButton *)newValue;
@end
