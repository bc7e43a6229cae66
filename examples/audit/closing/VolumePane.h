// B8: System Preferences sends mainViewDidLoad, willSelect, didSelect, and before the pane
// goes shouldUnselect, willUnselect, didUnselect.
@interface VolumePane : NSPreferencePane {
    IBOutlet NSView *levelView;
    NSMutableArray *presets;
}
@end
