#import <Cocoa/Cocoa.h>

@interface Shelf : NSObject {
    IBOutlet NSWindow *panel;
}
@end
