#import <UIKit/UIKit.h>

@interface VolumeView : UIView
@end
