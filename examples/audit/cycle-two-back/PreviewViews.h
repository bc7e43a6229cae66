#import <UIKit/UIKit.h>

// IBOutlet ivars with no setter: UIKit's loader stores through KVC, which retains.
@interface PreviewView : UIView {
    IBOutlet id delegate;
}
@end

@interface InfoView : UIView {
    IBOutlet id controller;
}
@end
