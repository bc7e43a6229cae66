@interface AppDelegate : NSObject {
    InspectorController *inspector;
    QuietController *quiet;
}
- (IBAction)showInspector:(id)sender;
@end
