#import <UIKit/UIKit.h>

@interface StoryController : UIViewController {
    IBOutlet UILabel *titleLabel;
}
@end
