// The five SBJSON call sites of Facebook's own v2 samples, translated mechanically to Swift with the
// importer's spellings: DemoApp's `publishStream:` (two) and Hackbook's `apiDialogFeedUser`,
// `apiDialogFeedFriend:` and `apiDialogRequestsSendToMany` (APICallsViewController.m). Legacy code
// itself: nothing here knows it runs on Linux. The dialogs report `dialog(_:didFailWithError:)` on
// this platform, and the dialog they hand over carries the parameters it would have loaded.

import FBConnect

class SBJSONSampleController: NSObject, FBDialogDelegate {
    let facebook: Facebook
    let kAppId = "123"
    private let lock = NSLock()
    private var _dialogParams: [NSMutableDictionary] = []
    private let onDialog: () -> Void

    /// The parameters of every dialog that reported back, in order.
    var dialogParams: [NSMutableDictionary] {
        lock.lock()
        defer { lock.unlock() }
        return _dialogParams
    }

    init(facebook: Facebook, onDialog: @escaping () -> Void) {
        self.facebook = facebook
        self.onDialog = onDialog
        super.init()
    }

    // MARK: - DemoApp

    /// DemoApp's `publishStream:`: action links and an attachment for `stream.publish`.
    func publishStream(_ sender: Any!) {
        let jsonWriter = SBJSON()

        let actionLinks = [["text": "Always Running", "href": "http://itsti.me/"]]

        let actionLinksStr = jsonWriter.string(with: actionLinks)
        let attachment = [
            "name": "a long run",
            "caption": "The Facebook Running app",
            "description": "it is fun",
            "href": "http://itsti.me/",
        ]
        let attachmentStr = jsonWriter.string(with: attachment)
        let params = NSMutableDictionary(dictionary: [
            "api_key": kAppId,
            "user_message_prompt": "Share on Facebook",
            "action_links": actionLinksStr!,
            "attachment": attachmentStr!,
        ])

        facebook.dialog("stream.publish", andParams: params, andDelegate: self)
    }

    // MARK: - Hackbook

    /// Hackbook's `apiDialogFeedUser`.
    func apiDialogFeedUser() {
        let jsonWriter = SBJSON()

        // The action links to be shown with the post in the feed
        let actionLinks = [["name": "Get Started", "link": "http://m.facebook.com/apps/hackbookios/"]]
        let actionLinksStr: String = jsonWriter.string(with: actionLinks)
        // Dialog parameters
        let params = NSMutableDictionary(dictionary: [
            "name": "I'm using the Hackbook for iOS app",
            "caption": "Hackbook for iOS.",
            "description":
                "Check out Hackbook for iOS to learn how you can make your iOS apps social using Facebook Platform.",
            "link": "http://m.facebook.com/apps/hackbookios/",
            "picture": "http://www.facebookmobileweb.com/hackbook/img/facebook_icon_large.png",
            "actions": actionLinksStr,
        ])

        facebook.dialog("feed", andParams: params, andDelegate: self)
    }

    /// Hackbook's `apiDialogFeedFriend:`.
    func apiDialogFeedFriend(_ friendID: String!) {
        let jsonWriter = SBJSON()

        let actionLinks = [["name": "Get Started", "link": "http://m.facebook.com/apps/hackbookios/"]]
        let actionLinksStr = jsonWriter.string(with: actionLinks)
        // The "to" parameter targets the post to a friend
        let params = NSMutableDictionary()
        params["to"] = friendID
        params["name"] = "I'm using the Hackbook for iOS app"
        params["caption"] = "Hackbook for iOS."
        params["link"] = "http://m.facebook.com/apps/hackbookios/"
        params["actions"] = actionLinksStr

        facebook.dialog("feed", andParams: params, andDelegate: self)
    }

    /// Hackbook's `apiDialogRequestsSendToMany`.
    func apiDialogRequestsSendToMany() {
        let jsonWriter = SBJSON()
        let gift = ["social_karma": "5", "badge_of_awesomeness": "1"]

        let giftStr = jsonWriter.string(with: gift)
        let params = NSMutableDictionary(dictionary: [
            "message": "Learn how to make your iOS apps social.",
            "notification_text": "Check this out",
            "data": giftStr as Any,
        ])

        facebook.dialog("apprequests", andParams: params, andDelegate: self)
    }

    // MARK: - FBDialogDelegate

    func dialog(_ dialog: FBDialog!, didFailWithError error: Error!) {
        lock.lock()
        _dialogParams.append(dialog.params)
        lock.unlock()
        onDialog()
    }
}
