#import "Switches.h"

@interface Sidebar : NSWindowController {
    NSMutableArray *glue;
    NSMutableArray *pending;
}
@end

@interface Settings : NSWindowController
@end
