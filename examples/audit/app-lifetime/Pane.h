#import <Cocoa/Cocoa.h>

@interface Pane : NSObject {
    IBOutlet NSUserDefaultsController *defaults;
}
- (void)loadSettings;
@end
