// A small Mac log viewer whose code a reviewer reads right and a naive reader wrong
// (grammar.md, "Reading limits", R1-R7).
#import <Cocoa/Cocoa.h>

// R1, R3, R4, R7: a window controller.
@interface Viewer : NSWindowController {
    IBOutlet NSView *datePicker;          // set anew by DateFilter.xib (R3)
    IBOutlet NSView *searchView;          // the window's, compared in dealloc (R1)
    IBOutlet NSView *optionsView;         // DateFilter.xib's, compared in dealloc (R1)
    IBOutlet NSTabViewItem *advancedTab;  // retained in windowDidLoad (R4)
}
@property (nonatomic, retain) IBOutlet NSTextField *status;  // released under isWindowLoaded (R7)
@end

// R2: a readonly property with its own getter over the ivar of its name.
@interface Sorter : NSObject {
    IBOutlet NSView *configureView;
}
@property (readonly, nonatomic) NSView *configureView;
@end

// R6: a method that hands its caller a +1 under a name that says +0.
@interface Inspector : NSObject {
    IBOutlet NSView *panelView;
}
- (NSView *)createView;
@end
