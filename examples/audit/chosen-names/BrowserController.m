#import "BrowserController.h"
#import "StoryController.h"

@implementation BrowserController
@synthesize loadedCell;

// Apple's table cell recipe: the cell's nib is named by the cell identifier, and File's
// Owner (left NSObject in the nib) is whoever loads it, here the controller.
- (UITableViewCell *)tableView:(UITableView *)tv cellForRowAtIndexPath:(NSIndexPath *)ip {
    static NSString *CellIdentifier = @"StoryCell";
    UITableViewCell *cell = [tv dequeueReusableCellWithIdentifier:CellIdentifier];
    if (cell == nil) {
        [[NSBundle mainBundle] loadNibNamed:CellIdentifier owner:self options:nil];
        cell = loadedCell;
        self.loadedCell = nil;
    }
    return cell;
}

// The story's nib is chosen by device.
- (void)tableView:(UITableView *)tv didSelectRowAtIndexPath:(NSIndexPath *)ip {
    StoryController *story = [[StoryController alloc] initWithNibName:(isPad ? @"Story-ipad" : @"Story") bundle:nil];
    [self.navigationController pushViewController:story animated:YES];
    [story release];
}

- (void)dealloc {
    [loadedCell release];
    [super dealloc];
}

@end
