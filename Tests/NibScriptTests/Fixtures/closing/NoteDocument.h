// L6 steps: the document's actions are sent while it is open, then it closes.
@interface NoteDocument : NSDocument {
    NSMutableArray *history;
}
- (IBAction)snapshot:(id)sender;
@end
