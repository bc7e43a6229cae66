#import <Cocoa/Cocoa.h>

@interface Prefs : NSWindowController {
    NSMutableArray *modules;
    NSToolbar *toolbar;
}
+ (id)sharedInstance;
@end
