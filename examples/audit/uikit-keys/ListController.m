#import "ListController.h"

@implementation ListController

- (id)init {
    return [super initWithNibName:@"List" bundle:nil];
}

// Called once by whoever sets the list up, with a flag of its own: no sender, no event.
- (void)restoreAndLoad:(BOOL)load {
    rows = [[NSMutableArray alloc] init];
    if (load) [self.tableView reloadData];
}

// A button's action: a second tap overwrites the date without releasing it.
- (IBAction)reload:(id)sender {
    reloadedAt = [[NSDate alloc] init];
}

- (void)viewDidUnload {
    [footer release]; footer = nil;
    [super viewDidUnload];
}

- (void)dealloc {
    [footer release];
    [rows release];
    [reloadedAt release];
    [super dealloc];
}

@end
