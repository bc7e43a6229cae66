// An ARC player screen: the controller keeps its playlist source, and the source keeps
// the controller as its `delegate` — strongly, so neither is ever deallocated.
@class PlaylistSource;

@interface PlayerController : UIViewController
@property (nonatomic, strong) IBOutlet PlaylistSource *playlist;
@property (nonatomic, weak) IBOutlet UILabel *trackLabel;
@end

@interface PlaylistSource : NSObject
@property (nonatomic, strong) IBOutlet id delegate;
@end
