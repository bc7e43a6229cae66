#import "PulseController.h"

@implementation PulseController
@synthesize beatLabel;

- (void)viewDidLoad {
    [super viewDidLoad];
    _pulse = [NSTimer scheduledTimerWithTimeInterval:0.1 target:self selector:@selector(beat:) userInfo:nil repeats:YES];
}

- (void)beat:(NSTimer *)t {
    if (++_beats == 10) [t invalidate];
}

- (void)dealloc {
    [beatLabel release];
    [super dealloc];
}
@end
