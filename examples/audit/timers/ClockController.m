#import "ClockController.h"

@implementation ClockController
@synthesize timeLabel = _timeLabel;

- (void)viewDidLoad {
    [super viewDidLoad];
    _ticker = [[NSTimer scheduledTimerWithTimeInterval:1.0 target:self selector:@selector(tick:) userInfo:nil repeats:YES] retain];
}

- (void)tick:(NSTimer *)timer {
    _timeLabel.text = @"now";
}

// Never reached: the timer retains self until it is invalidated, here.
- (void)dealloc {
    [_ticker invalidate];
    [_ticker release];
    [_timeLabel release];
    [super dealloc];
}
@end
