#import "PlayerController.h"

@implementation PlayerController
@end

@implementation PlaylistSource
@end
