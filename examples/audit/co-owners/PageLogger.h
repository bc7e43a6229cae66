#import <Cocoa/Cocoa.h>

// Loads the nib too, but has no `countField`: not an owner the nib was designed for.
@interface PageLogger : NSObject {
    IBOutlet NSPanel *sheet;
}
- (void)log;
@end
