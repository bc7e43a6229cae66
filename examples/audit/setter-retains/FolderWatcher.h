#import <Cocoa/Cocoa.h>

// Its delegate is an ivar outlet, but its hand-written setter retains, and dealloc forgets it.
@interface FolderWatcher : NSObject {
    IBOutlet id delegate;
}
- (void)setDelegate:(id)d;
@end
