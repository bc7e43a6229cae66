// A small Mac editor whose code loads its nibs itself (see code-loaders.nibscript).
@interface BannerView : NSView {
    NSArray *otherTopLevelObjects;
}
+ (BannerView *)viewWithNibNamed:(NSString *)name owner:(id)owner;
@end

@interface Editor : NSObject {
    IBOutlet NSTextField *bannerField;
    BannerView *banner;
}
- (BannerView *)newBannerForNibName:(NSString *)name;
- (void)showBanner;
@end

@interface ToolbarMaker : NSObject {
    IBOutlet NSView *toolbarView;
    NSArray *objects;
}
- (void)makeToolbar;
@end

@interface Inspector : NSObject {
    IBOutlet NSView *outletView;
}
- (NSView *)newInspectorView;
@end

@interface Copier : NSObject {
    IBOutlet NSWindow *progressWindow;
}
- (void)copyAll;
@end

// One preferences module per kind, for the application's life (`+sharedInstance`).
@interface PrefsModule : NSObject
+ (id)sharedInstance;
- (NSString *)preferencesNibName;
@end

@interface GeneralPrefs : PrefsModule {
    IBOutlet NSPanel *editPanel;
}
@end
