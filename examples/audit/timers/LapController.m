#import "LapController.h"

@implementation LapController
@synthesize lapLabel = _lapLabel;

- (void)viewDidLoad {
    [super viewDidLoad];
    _refresh = [NSTimer scheduledTimerWithTimeInterval:0.5 target:self selector:@selector(refresh) userInfo:nil repeats:YES];
}

- (void)refresh {
    _lapLabel.text = @"lap";
}

// Stopped before the navigation controller lets the controller go.
- (void)viewWillDisappear:(BOOL)animated {
    [super viewWillDisappear:animated];
    [_refresh invalidate];
    _refresh = nil;
}

- (void)dealloc {
    [_refresh invalidate];
    [_lapLabel release];
    [super dealloc];
}
@end
