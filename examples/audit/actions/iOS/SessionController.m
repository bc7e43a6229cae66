#import "SessionController.h"

@implementation SessionController
- (void)sessionWillStart:(id)session {
    [[NSBundle mainBundle] loadNibNamed:@"Spinner" owner:self options:nil];
    [self.view addSubview:_spinnerView];
}
- (void)sessionDidStart:(id)session {
    [_spinnerView removeFromSuperview];
    [_spinnerView autorelease];
}
- (IBAction)askPassword:(id)sender {
    SheetController *sheet = [[[SheetController alloc] initWithNibName:@"Sheet" bundle:nil] autorelease];
    [self presentModalViewController:sheet animated:YES];
}
- (IBAction)refresh:(id)sender {
    _model = [[PlotModel alloc] init];
}
- (void)dealloc {
    [super dealloc];
}
@end

@implementation SheetController
- (void)dealloc {
    [_field release];
    [super dealloc];
}
@end
