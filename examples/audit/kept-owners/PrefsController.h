#import <Cocoa/Cocoa.h>
@class Page;

@interface PrefsController : NSWindowController {
    NSMutableArray *items;
    Page *page;
}
- (Page *)page;
@end
