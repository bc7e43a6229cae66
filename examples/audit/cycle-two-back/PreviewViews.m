#import "PreviewViews.h"

@implementation PreviewView
@end

@implementation InfoView
@end
