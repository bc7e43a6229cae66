#import "PrefsController.h"
#import "Page.h"

// No `dealloc`: the one object the app delegate makes is never released.
@implementation PrefsController

- (id)init {
    if ((self = [super initWithWindowNibName:@"Prefs"])) {
        items = [[NSMutableArray alloc] init];
    }
    return self;
}

// Made once, in turn: kept as long as this controller, which is kept for good.
- (Page *)page {
    if (page == nil) {
        page = [[Page alloc] init];
    }
    return page;
}

@end
