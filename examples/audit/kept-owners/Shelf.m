#import "Shelf.h"

@implementation Shelf

- (id)init {
    if ((self = [super init])) {
        [NSBundle loadNibNamed:@"Shelf" owner:self];
    }
    return self;
}

@end
