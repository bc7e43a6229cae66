// B8: System Preferences sends mainViewDidLoad, willSelect, didSelect, and before the pane
// goes shouldUnselect, willUnselect, didUnselect.
@interface ClockPane : NSPreferencePane {
    IBOutlet NSView *helperView;
    NSMutableArray *zones;
}
@end
