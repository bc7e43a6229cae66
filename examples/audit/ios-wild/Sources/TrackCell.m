#import "TrackCell.h"

@implementation TrackCell

// L17: self is the class object here: it owns nothing and gets no outlet.
+ (TrackCell *)cellFromNib {
    NSArray *objects = [[NSBundle mainBundle] loadNibNamed:@"TrackCell" owner:self options:nil];
    return [objects objectAtIndex:0];
}

- (void)dealloc {
    [nameLabel release];
    [super dealloc];
}
@end
