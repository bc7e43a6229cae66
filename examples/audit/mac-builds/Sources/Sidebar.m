#import "Sidebar.h"

@implementation Sidebar
- (id)init {
    return [super initWithWindowNibName:@"Sidebar"];
}
- (void)windowDidLoad {
#ifdef PLUGIN_HOST
    // Built only into another product, whose build defines PLUGIN_HOST: not this one's code.
    glue = [[NSMutableArray alloc] init];
#endif
#ifdef WITH_SYNC
    // This project's own feature, switched off in Switches.h: read, and its leak reported.
    pending = [[NSMutableArray alloc] init];
#endif
}
- (void)dealloc {
    [super dealloc];
}
@end

@implementation Settings
- (id)init {
    return [super initWithWindowNibName:@"Settings"];
}
@end
