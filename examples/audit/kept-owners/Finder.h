#import <Cocoa/Cocoa.h>

@interface Finder : NSObject {
    IBOutlet NSWindow *window;
}
@end
