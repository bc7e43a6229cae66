#import "FlashController.h"

@implementation FlashController
@synthesize flashLabel;

- (void)viewDidLoad {
    [super viewDidLoad];
    _once = [NSTimer scheduledTimerWithTimeInterval:2 target:self selector:@selector(hide) userInfo:nil repeats:NO];
}

- (void)hide {
    flashLabel.hidden = YES;
}

- (void)dealloc {
    [_once invalidate];
    [flashLabel release];
    [super dealloc];
}
@end
