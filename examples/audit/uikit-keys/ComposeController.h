#import <UIKit/UIKit.h>

// Compose.xib connects the controller's `navigationItem` (UIKit's own) and one outlet of ours.
@interface ComposeController : UIViewController {
    IBOutlet UITextView *textView;
    UILabel *titleLabel;
    IBOutlet UIView *panel;
    UILabel *hint;
}
@property (nonatomic, retain) IBOutlet UILabel *hint;
@end
