// An MRC clock screen: a repeating timer ticks on self, and only -dealloc stops it.
@interface ClockController : UIViewController {
    NSTimer *_ticker;
    UILabel *_timeLabel;
}
@property (nonatomic, retain) IBOutlet UILabel *timeLabel;
@end
