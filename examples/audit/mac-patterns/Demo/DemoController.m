// Kept beside the product, in no target (L15): never built, never audited.
@interface DemoController : NSWindowController { NSMutableArray *items; }
@end

@implementation DemoController
- (id)init { return [super initWithWindowNibName:@"DemoWindow"]; }
- (void)windowDidLoad { items = [[NSMutableArray alloc] init]; }
@end
