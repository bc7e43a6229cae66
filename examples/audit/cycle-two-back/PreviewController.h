#import <UIKit/UIKit.h>
#import "PreviewViews.h"

@interface PreviewController : UIViewController {
    IBOutlet PreviewView *previewView;
    IBOutlet InfoView *infoView;
}
@end
