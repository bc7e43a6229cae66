#import <Cocoa/Cocoa.h>

// Loads its nib itself, and gives back the nib's +1s in dealloc.
@interface ConsoleController : NSWindowController
{
    IBOutlet NSMenu *actionsMenu;
}
@end
