#import <Cocoa/Cocoa.h>

// Shows a window that is not released when closed, then releases itself: the window stays.
@interface Keeper : NSObject {
    IBOutlet NSWindow *window;
}
- (void)show;
- (IBAction)done:(id)sender;
@end
