#import "BrowserController.h"

@implementation BrowserController

- (id)init
{
    return [super initWithWindowNibName:@"Browser"];
}

@end
