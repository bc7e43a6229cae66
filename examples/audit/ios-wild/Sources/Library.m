#import "PlayerController.h"
#import "TrackCell.h"

@implementation Library
- (void)play {
    PlayerController *player = [[PlayerController alloc] initWithNibName:@"Player" bundle:nil];
    [self.navigationController pushViewController:player animated:YES];
    [player release];
}
- (UITableViewCell *)cell {
    return [TrackCell cellFromNib];
}
@end
