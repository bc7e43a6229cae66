#import "PreviewController.h"

@implementation PreviewController

- (id)init {
    return [super initWithNibName:@"Preview" bundle:nil];
}

- (void)viewDidUnload {
    [previewView release];
    previewView = nil;
    [infoView release];
    infoView = nil;
    [super viewDidUnload];
}

- (void)dealloc {
    [previewView release];
    [infoView release];
    [super dealloc];
}

@end
