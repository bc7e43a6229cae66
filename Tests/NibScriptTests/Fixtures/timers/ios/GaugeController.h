// A timer made unscheduled and added to the run loop by hand, retained, stopped in a
// helper that only dealloc calls.
@interface GaugeController : UIViewController {
    NSTimer *_sampler;
}
@property (nonatomic, retain) IBOutlet UILabel *levelLabel;
@end
