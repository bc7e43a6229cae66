#import <Cocoa/Cocoa.h>

// The class the nib names as File's Owner: it gives its panel back in dealloc.
@interface PageChooser : NSObject {
    IBOutlet NSPanel *sheet;
    IBOutlet NSTextField *countField;
}
- (int)choosePage;
@end
