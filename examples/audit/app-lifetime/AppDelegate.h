#import <Cocoa/Cocoa.h>

@interface AppDelegate : NSObject {
    NSMutableArray *torrents;
    NSMutableArray *cache;
}
- (IBAction)refresh:(id)sender;
@end
