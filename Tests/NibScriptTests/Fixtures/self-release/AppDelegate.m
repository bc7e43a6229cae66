#import "SheetController.h"

@interface AppDelegate : NSObject
@end

@implementation AppDelegate
- (IBAction)showSheet:(id)sender
{
    SheetController *c = [[SheetController alloc] initWithWindowNibName:@"Sheet"];
    [c showWindow:self];
}
@end
