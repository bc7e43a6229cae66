#import <Cocoa/Cocoa.h>

@interface LocationSheet : NSObject {
    IBOutlet NSPanel *panel;
}
+ (id)locationSheet;
- (void)beginForWindow:(NSWindow *)window;
@end
