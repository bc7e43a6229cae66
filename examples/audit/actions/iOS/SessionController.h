#import <UIKit/UIKit.h>

@interface SessionController : UIViewController {
    IBOutlet UIView *_spinnerView;
    PlotModel *_model;
}
- (void)sessionWillStart:(id)session;
- (void)sessionDidStart:(id)session;
- (IBAction)askPassword:(id)sender;
- (IBAction)refresh:(id)sender;
@end

@interface SheetController : UIViewController {
    IBOutlet UITextField *_field;
}
@end
