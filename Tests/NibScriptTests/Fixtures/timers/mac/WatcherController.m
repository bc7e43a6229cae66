#import "WatcherController.h"

@implementation WatcherController

- (void)windowDidLoad {
    [super windowDidLoad];
    watchTimer = [NSTimer scheduledTimerWithTimeInterval:5 target:self selector:@selector(watch:) userInfo:nil repeats:YES];
}

- (void)watch:(NSTimer *)t {
}

- (void)windowWillClose:(NSNotification *)note {
    [watchTimer invalidate];
    watchTimer = nil;
}

- (void)dealloc {
    [super dealloc];
}
@end
