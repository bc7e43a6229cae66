// A small Mac clock app: each nib is loaded by something else (see loaders.nibscript).
@interface ClockApplication : NSApplication
@end

@interface ClockDelegate : NSObject {
    NSWindowController *alarm;
}
- (void)showAlarm;
@end

@interface NSColor (ClockFace)
- (NSColor *)dimmed;
@end

@interface DialView : NSView
@end

@interface ClockPane : NSPreferencePane {
    IBOutlet NSTextField *chimeField;
    NSColor *faceColor;
}
@end

@interface TimerWindowController : NSWindowController {
    IBOutlet NSTextField *durationField;
    IBOutlet NSButton *startButton;
}
@end

@interface ClockDocument : NSDocument {
    IBOutlet NSWindow *window;
    IBOutlet DialView *faceView;
}
@end
