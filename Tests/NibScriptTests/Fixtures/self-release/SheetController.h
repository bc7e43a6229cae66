#import <Cocoa/Cocoa.h>

// A window controller that releases itself when its window closes (its window's delegate).
@interface SheetController : NSWindowController {
    NSMutableArray *history;
}
@end
