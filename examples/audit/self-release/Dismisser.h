#import <Cocoa/Cocoa.h>

@interface Dismisser : NSObject {
    IBOutlet NSWindow *window;
    IBOutlet NSProgressIndicator *progressBar;
    IBOutlet NSTextField *infoText;
}
- (void)show;
- (id)dismiss;
@end
