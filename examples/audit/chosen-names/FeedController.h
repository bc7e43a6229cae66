#import <UIKit/UIKit.h>

// Made by MainWindow.xib, whose controller names its view's nib: Feed.
@interface FeedController : UIViewController {
    IBOutlet UILabel *status;
}
@end
