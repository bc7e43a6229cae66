#import <Cocoa/Cocoa.h>

// Made with [super init]; loads its nib itself with itself as owner.
@interface TransfersController : NSWindowController
@end
