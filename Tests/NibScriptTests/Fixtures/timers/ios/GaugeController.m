#import "GaugeController.h"

@implementation GaugeController
@synthesize levelLabel;

- (void)viewDidLoad {
    [super viewDidLoad];
    _sampler = [[NSTimer timerWithTimeInterval:0.5 target:self selector:@selector(sample:) userInfo:nil repeats:YES] retain];
    [[NSRunLoop currentRunLoop] addTimer:_sampler forMode:NSRunLoopCommonModes];
}

- (void)sample:(NSTimer *)t {
    levelLabel.text = @"level";
}

- (void)stopSampling {
    [_sampler invalidate];
    [_sampler release];
    _sampler = nil;
}

- (void)dealloc {
    [self stopSampling];
    [levelLabel release];
    [super dealloc];
}
@end
