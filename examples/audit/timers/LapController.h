// An MRC lap counter: the same repeating timer, stopped when the screen goes away.
@interface LapController : UIViewController {
    NSTimer *_refresh;
    UILabel *_lapLabel;
}
@property (nonatomic, retain) IBOutlet UILabel *lapLabel;
@end
