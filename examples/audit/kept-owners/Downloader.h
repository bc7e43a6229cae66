#import <Cocoa/Cocoa.h>

@interface Downloader : NSObject {
    IBOutlet NSWindow *window;
}
- (void)start;
@end
