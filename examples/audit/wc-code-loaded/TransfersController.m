#import "TransfersController.h"

@implementation TransfersController
- (id)init
{
    self = [super init];
    if (self) {
        [NSBundle loadNibNamed:@"Transfers" owner:self];
    }
    return self;
}
@end
