#import <Cocoa/Cocoa.h>
@class Shelf;

@interface Settings : NSObject {
    Shelf *shelf;
}
+ (Settings *)defaultSettings;
- (Shelf *)shelf;
@end
