// Loads a progress panel with owner:self and keeps an outlet only to the bar inside it.
@interface Highlighter : NSObject {
    IBOutlet NSProgressIndicator *progressBar;
}
@end

// Loads a panel the same way, and forgets it.
@interface Meter : NSObject {
    IBOutlet NSProgressIndicator *meterBar;
}
@end
