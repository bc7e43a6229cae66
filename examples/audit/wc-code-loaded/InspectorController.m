#import "InspectorController.h"

@implementation InspectorController
- (id)init
{
    return [super initWithWindowNibName:@"Inspector"];
}
@end
