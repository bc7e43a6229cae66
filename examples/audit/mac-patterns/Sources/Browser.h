#import "Clearing.h"

@interface Browser : NSWindowController {
    IBOutlet NSPopUpButton *databaseButton;
    NSMutableArray *history;
    BOOL mainNibLoaded;
}
@end

// No window controller: it keeps the top-level objects of its nib to release them itself.
@interface StatusBarOwner : NSObject {
    IBOutlet NSView *statusView;
    NSMutableArray *nibObjects;
}
@end

@interface EncodingAccessory : NSObject {
    @public
    IBOutlet NSView *accessoryView;
}
+ (NSView *)accessory;
@end
