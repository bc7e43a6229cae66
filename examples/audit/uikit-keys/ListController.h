#import <UIKit/UIKit.h>

// List.xib connects `view` and `tableView` (UITableViewController's own) to one table.
@interface ListController : UITableViewController {
    IBOutlet UILabel *footer;
    NSMutableArray *rows;
    NSDate *reloadedAt;
}
- (void)restoreAndLoad:(BOOL)load;
- (IBAction)reload:(id)sender;
@end
