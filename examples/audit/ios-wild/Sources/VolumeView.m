#import "VolumeView.h"

@implementation VolumeView
@end
