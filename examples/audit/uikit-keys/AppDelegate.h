#import <UIKit/UIKit.h>
@class TabsController;

@interface AppDelegate : NSObject <UIApplicationDelegate> {
    IBOutlet UIWindow *window;
    IBOutlet TabsController *tabs;
}
@end
