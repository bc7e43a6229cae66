#import "MonitorController.h"

@implementation MonitorController

- (void)windowDidLoad {
    [super windowDidLoad];
    pollTimer = [NSTimer scheduledTimerWithTimeInterval:5 target:self selector:@selector(poll:) userInfo:nil repeats:YES];
}

- (void)poll:(NSTimer *)t {
}

- (void)dealloc {
    [pollTimer invalidate];
    [super dealloc];
}
@end
