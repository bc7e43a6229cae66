#import "TabsController.h"

@implementation TabsController

- (void)tabBarController:(UITabBarController *)controller didSelectViewController:(UIViewController *)vc {
    NSLog(@"selected %@", vc);
}

@end
