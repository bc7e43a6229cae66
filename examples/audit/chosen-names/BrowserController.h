#import <UIKit/UIKit.h>

@interface BrowserController : UITableViewController {
    UITableViewCell *loadedCell;
    BOOL isPad;
}
@property (nonatomic, retain) IBOutlet UITableViewCell *loadedCell;
@end
