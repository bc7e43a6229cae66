#import <Cocoa/Cocoa.h>

@interface BrowserController : NSWindowController
@end
