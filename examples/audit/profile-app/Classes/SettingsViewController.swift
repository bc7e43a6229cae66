import UIKit

// Swift under ARC: a strong outlet and a weak one, nothing to release by hand.
class SettingsViewController: UIViewController {
    @IBOutlet var header: UIView!
    @IBOutlet weak var toggle: UISwitch!

    deinit {
        header = nil
    }
}
