// Stops its own timer after the last tick: the controller goes after that.
@interface PulseController : UIViewController {
    NSTimer *_pulse;
    int _beats;
}
@property (nonatomic, retain) IBOutlet UILabel *beatLabel;
@end
