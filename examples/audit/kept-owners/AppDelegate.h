#import <Cocoa/Cocoa.h>
@class PrefsController;

@interface AppDelegate : NSObject {
    PrefsController *prefs;
}
- (IBAction)showPreferences:(id)sender;
- (IBAction)download:(id)sender;
@end
