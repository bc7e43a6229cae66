#import <UIKit/UIKit.h>

@interface PlayerController : UIViewController {
    IBOutlet UIView *volumeSlot;
    IBOutlet UILabel *titleLabel;
}
@property (nonatomic, retain) UIView *badge;
@end
