// A view controller written the way many iOS 4 apps were: an ivar outlet, a retained
// property outlet and an assign property outlet.
#import <UIKit/UIKit.h>

@interface ProfileViewController : UIViewController {
    IBOutlet UILabel *nameLabel;        // an ivar outlet: KVC retains it on iOS
}

@property (nonatomic, retain) IBOutlet UIImageView *avatar;
@property (nonatomic, assign) IBOutlet UIButton *editButton;

@end
