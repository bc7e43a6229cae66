#import <UIKit/UIKit.h>

// A storyboard scene's controller: its retained outlet is nil'd when the view unloads,
// but dealloc forgets it.
@interface AboutViewController : UIViewController
@property (nonatomic, retain) IBOutlet UILabel *version;
@end
