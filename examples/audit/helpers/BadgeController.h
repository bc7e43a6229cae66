// An MRC badge screen: its views are made in helpers that viewDidLoad calls, not in
// viewDidLoad itself.
@interface BadgeController : UIViewController {
    UILabel *_caption;
    UIView *_badge;
    UIView *_shadow;
}
@property (nonatomic, retain) IBOutlet UILabel *titleLabel;
@end
