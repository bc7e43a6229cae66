#import <Cocoa/Cocoa.h>

@interface HistorySheet : NSObject {
    IBOutlet NSPanel *panel;
}
+ (id)historySheet;
- (void)beginForWindow:(NSWindow *)window;
@end
