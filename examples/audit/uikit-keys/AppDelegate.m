#import "AppDelegate.h"
#import "TabsController.h"

@implementation AppDelegate

- (void)applicationDidFinishLaunching:(UIApplication *)application {
    [window addSubview:tabs.view];
    [window makeKeyAndVisible];
}

- (void)dealloc {
    [tabs release];
    [window release];
    [super dealloc];
}

@end
