// A one-shot timer: it lets its target go once it has fired.
@interface FlashController : UIViewController {
    NSTimer *_once;
}
@property (nonatomic, retain) IBOutlet UILabel *flashLabel;
@end
