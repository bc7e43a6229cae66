// Four scene controllers of one storyboard (see scenes.nibscript).
@interface ListController : UIViewController
- (IBAction)showSettings:(id)sender;
@end

@interface DetailController : UIViewController
@property (nonatomic, retain) IBOutlet UIView *card;
@property (nonatomic, retain) IBOutlet UILabel *nameLabel;
@end

@interface SettingsController : UIViewController
@property (nonatomic, retain) IBOutlet UISwitch *soundSwitch;
@end

@interface OldController : UIViewController
@property (nonatomic, retain) IBOutlet UILabel *oldLabel;
@end
