import XCTest
@testable import InterfaceBuilder

final class IBDescribeTests: XCTestCase {
    func testDescribeXib() throws {
        let expected = """
        ios-profile.xib: iOS xib, 2 top-level objects, 2 placeholders, 13 objects in all, 9 connections
        placeholders:
          File's Owner (-1)  ProfileViewController
          First Responder (-2)  UIResponder
        objects:
          view_Vw1  UIView  (top level, line 18)
            navigationBar_Nb1  UINavigationBar  (subview, line 22)
              navigationItem_Ni1  UINavigationItem  (collection items, line 25)
                barButtonItem_Bb1  UIBarButtonItem  (property rightBarButtonItem, line 26)
            stackView_Sv1  UIStackView  (subview, line 34)
              label_Lb1  UILabel  (subview, line 37)
              textField_Tf1  UITextField  (subview, line 43)
              textField_Tf2  UITextField  (subview, line 51)
            button_Bt1  UIButton  (subview, line 58)
            constraint_Ct1  NSLayoutConstraint  (collection constraints, line 70)
          tapGestureRecognizer_Tg1  UITapGestureRecognizer  (top level, line 74)
        connections:
          outlet  File's Owner.view -> view_Vw1   (line 10)
          outlet  File's Owner.nameLabel -> label_Lb1   (line 11)
          outlet  File's Owner.heightConstraint -> constraint_Ct1   (line 12)
          outletCollection  File's Owner.fields -> textField_Tf1   (line 13)
          outletCollection  File's Owner.fields -> textField_Tf2   (line 14)
          action  barButtonItem_Bb1.save: -> File's Owner   (line 28)
          outlet  textField_Tf1.delegate -> File's Owner   (line 48)
          action  button_Bt1.done: -> File's Owner  [touchUpInside]   (line 62)
          action  tapGestureRecognizer_Tg1.dismissKeyboard: -> File's Owner   (line 76)

        """
        XCTAssertEqual(try readFixture("ios-profile.xib").describe(), expected)
    }

    /// A legacy archive (8.00) described like a modern file; lines are the archive's own.
    func testDescribeLegacyArchive() throws {
        let expected = """
        ios-8.00-CocoaAsyncSocket-UdpEchoServer-ViewController.xib: iOS xib, 1 top-level object, 2 placeholders, 7 objects in all, 6 connections
        placeholders:
          File's Owner (-1)  ViewController
          First Responder (-2)  UIResponder
        objects:
          view_6  UIView  (top level, line 37)
            textField_8  UITextField  (subview, line 41)
            button_9  UIButton  (subview, line 79)
            label_10  UILabel  (subview, line 114)
            webView_11  UIWebView  (subview, line 146)
        connections:
          outlet  File's Owner.portField -> textField_8   (line 187)
          outlet  File's Owner.startStopButton -> button_9   (line 195)
          outlet  File's Owner.view -> view_6   (line 179)
          outlet  File's Owner.webView -> webView_11   (line 203)
          action  textField_8.startStop: -> File's Owner  [editingDidEndOnExit]   (line 211)
          action  button_9.startStop: -> File's Owner  [touchUpInside]   (line 220)

        """
        let name = "legacy/ios-8.00-CocoaAsyncSocket-UdpEchoServer-ViewController.xib"
        switch IBReader.read(path: TestFiles.fixture(name), displayPath: String(name.dropFirst("legacy/".count))) {
        case .success(let document): XCTAssertEqual(document.describe(), expected)
        case .failure(let failure): XCTFail("\(failure)")
        }
    }

    func testDescribeStoryboardGroupsByScene() throws {
        let expected = """
        ios-navigation.storyboard: iOS storyboard, 3 scenes, 3 top-level objects, 4 placeholders, 15 objects in all, 6 connections, initial view controller navigationController_Nc1
        scene Sc1-aa-Nav (line 8), controller navigationController_Nc1
          navigationController_Nc1  UINavigationController  (top level, line 10)
            navigationBar_Nb1  UINavigationBar  (property navigationBar, line 11)
          First Responder (Fr1-aa-Nav)  UIResponder  (placeholder)
        scene Sc2-aa-Lst (line 24), controller viewController_Vc1
          viewController_Vc1  ListViewController (UIViewController)  (top level, line 26)
            viewControllerLayoutGuide_Lg1  UILayoutGuide  (collection layoutGuides, line 28)
            view_Vw1  UIView  (property view, line 31)
              label_Lb1  UILabel  (subview, line 34)
              button_Bt1  UIButton  (subview, line 37)
            navigationItem_Ni1  UINavigationItem  (property navigationItem, line 47)
              barButtonItem_Bb1  UIBarButtonItem  (property rightBarButtonItem, line 48)
          First Responder (Fr2-aa-Lst)  UIResponder  (placeholder)
          Exit (Ex1-aa-Lst)  NSObject  (placeholder)
        scene Sc3-aa-Dtl (line 65), controller viewController_Vc2
          viewController_Vc2  DetailViewController (UIViewController)  (top level, line 67)
            view_Vw2  UIView  (property view, line 68)
          First Responder (Fr3-aa-Dtl)  UIResponder  (placeholder)
        connections:
          segue  navigationController_Nc1.relationship:rootViewController -> viewController_Vc1   (line 16)
          segue  button_Bt1.showDetail -> viewController_Vc2  [show]   (line 41)
          action  barButtonItem_Bb1.add: -> viewController_Vc1   (line 50)
          outlet  viewController_Vc1.titleLabel -> label_Lb1   (line 55)
          outlet  viewController_Vc1.topGuide -> viewControllerLayoutGuide_Lg1   (line 56)
          segue  viewController_Vc2.backToList -> Exit  [unwind]   (line 72)

        """
        XCTAssertEqual(try readFixture("ios-navigation.storyboard").describe(), expected)
    }

    func testDescribeEndsWithWarnings() throws {
        let text = try readFixture("warning-unknown-element.xib").describe()
        XCTAssertTrue(text.hasSuffix("""
        warnings:
          12:17: warning: unknown element 'sparkleView'; treated as UIView
          15:9: warning: unknown element 'futureThing'; treated as NSObject
          16:9: warning: unknown element 'holographicPanel'; treated as UIView

        """), text)
        XCTAssertTrue(text.contains("  sparkleView_Fx1  UIView  (subview, line 12)"), text)
    }
}
