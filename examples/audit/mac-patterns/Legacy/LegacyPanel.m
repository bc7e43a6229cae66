// Built with garbage collection only (L14): no release anywhere, the collector frees.
@interface LegacyPanel : NSWindowController { NSMutableArray *images; }
@end

@implementation LegacyPanel
- (id)init { return [super initWithWindowNibName:@"LegacyPanel"]; }
- (void)windowDidLoad { images = [[NSMutableArray alloc] init]; }
@end
