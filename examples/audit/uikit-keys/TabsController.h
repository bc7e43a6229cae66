#import <UIKit/UIKit.h>

// The main nib connects this tab bar controller's `delegate` (UIKit's own, assign).
@interface TabsController : UITabBarController <UITabBarControllerDelegate> {
}
@end
