#import <Cocoa/Cocoa.h>

@interface FolderSource : NSObject
@end

@implementation FolderSource
@end
