#import <Cocoa/Cocoa.h>

// Not a PageChooser: it declares the same outlets and loads the same nib as its own owner.
@interface ImageReader : NSObject {
    IBOutlet NSPanel *sheet;
    IBOutlet NSTextField *countField;
}
- (BOOL)readFile:(NSString *)path;
@end
