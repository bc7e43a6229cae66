#import <UIKit/UIKit.h>

@interface TrackCell : UITableViewCell {
    IBOutlet UILabel *nameLabel;
}
+ (TrackCell *)cellFromNib;
@end
