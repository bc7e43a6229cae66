#import <Cocoa/Cocoa.h>

// The same setter, and a dealloc that gives the delegate back.
@interface TagWatcher : NSObject {
    IBOutlet id delegate;
}
- (void)setDelegate:(id)d;
@end
