#import <Cocoa/Cocoa.h>

@interface Page : NSObject {
    IBOutlet NSView *content;
}
- (NSView *)content;
@end
