#import <Cocoa/Cocoa.h>

@interface Prefs : NSWindowController {
    NSMutableArray *modules;
}
+ (id)sharedInstance;
@end
