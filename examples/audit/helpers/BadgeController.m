#import "BadgeController.h"

@implementation BadgeController
@synthesize titleLabel;

- (void)viewDidLoad {
    [super viewDidLoad];
    [self setupViews];
}

// Called from viewDidLoad: the caption is made here and released nowhere.
- (void)setupViews {
    _caption = [[UILabel alloc] init];
    [self setupBadgeWithColor:nil animated:NO];
}

// Two calls deep: the badge is released in -teardown, which dealloc calls.
- (void)setupBadgeWithColor:(id)color animated:(BOOL)animated {
    _badge = [[UIView alloc] init];
    if (color) [self setupViews];   // never with nil: a recursion the audit would not follow twice
}

- (void)teardown {
    [_badge release];
    [titleLabel release];
}

- (void)dealloc {
    [self teardown];
    [super dealloc];
}
@end
