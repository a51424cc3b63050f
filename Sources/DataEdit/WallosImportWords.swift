import Domain
import Import

/// The comments `sandjar import wallos` writes into the new file, in the site's language, as
/// `init` comments its files in the language of the data folder it makes. They say where each
/// value came from, so the person can check the import line by line.
struct WallosImportWords {
    let language: SiteSettings.Language

    private var zh: Bool { language == .zhHans }

    func header(source: String, today: CalendarDate) -> String {
        let lines =
            zh
            ? [
                "订阅：\(today) 用 `sandjar import wallos` 从 Wallos（\(source)）导入。",
                "每个 [[subscription]] 是一项，可以按类别挪到 subscriptions/ 下的其他文件里。",
                "名字会和内置的常见服务目录匹配，`sandjar check` 会列出每一项匹配到了什么。",
                "退订了哪个，就运行 `sandjar slay 名字`。每一项上面的注释说明了它在 Wallos 里的样子。",
            ]
            : [
                "Subscriptions imported from Wallos (\(source)) on \(today) by `sandjar import wallos`.",
                "One [[subscription]] block each: move them into other files under subscriptions/ as you like.",
                "Names are matched against the built-in catalogue; `sandjar check` shows what each one matched.",
                "When you cancel one, run `sandjar slay NAME`. The comments say how Wallos had each one.",
            ]
        return lines.map { $0.isEmpty ? "#" : "# " + $0 }.joined(separator: "\n") + "\n"
    }

    /// "Wallos: Entertainment · paid by Anna · Visa · renews by hand".
    func details(_ subscription: WallosSubscription) -> String {
        var parts: [String] = []
        if let category = subscription.wallosCategory { parts.append(category) }
        if let payer = subscription.paidBy { parts.append(zh ? "\(payer) 付款" : "paid by \(payer)") }
        if let method = subscription.paymentMethod { parts.append(method) }
        if subscription.manualRenewal { parts.append(zh ? "手动续费" : "renews by hand") }
        if !subscription.active { parts.append(zh ? "已停用" : "inactive") }
        guard !parts.isEmpty else { return "" }
        return "Wallos: " + parts.map(Self.oneLine).joined(separator: " · ")
    }

    /// Text for a `#` comment: one line.
    static func oneLine(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }

    func paidBy(_ name: String) -> String {
        zh ? "Wallos 里由 \(Self.oneLine(name)) 付款" : "Wallos: paid by \(Self.oneLine(name))"
    }

    var matched: String { zh ? "在服务目录里匹配到的" : "matched in the catalogue" }

    func price(_ written: String) -> String {
        zh ? "每个周期的价格，Wallos 里写的是 \(Self.oneLine(written))" : "per cycle; Wallos had \(Self.oneLine(written))"
    }

    var currencyOption: String { zh ? "由 --currency 指定" : "as --currency says" }

    func cycle(_ written: String) -> String { "Wallos: \(Self.oneLine(written))" }

    func noCycle(_ matched: Bool) -> String {
        switch (zh, matched) {
        case (true, true): return "导出里没写周期（旧版 Wallos），先按服务目录的；不对就写上"
        case (true, false): return "导出里没写周期（旧版 Wallos），先当作每月；不对就写上"
        case (false, true): return "the export does not say (an older Wallos): the catalogue's until you write it"
        case (false, false): return "the export does not say (an older Wallos): monthly until you write it"
        }
    }

    var nextPayment: String { zh ? "Wallos 的下次付款日" : "Wallos's next payment" }
    var url: String { zh ? "Wallos 里记的网址" : "the URL Wallos had" }
    var remindOff: String { zh ? "Wallos 里关了提醒" : "Wallos's notifications were off" }
    var ends: String { zh ? "Wallos 的取消日期：在那之前提醒你" : "Wallos's cancellation date: reminded before it" }

    var manualRenewal: String { zh ? "Wallos 里是手动续费：到期就停" : "Wallos renews it only by hand: it ends then" }

    func pastCancellation(_ day: CalendarDate) -> String {
        zh ? "Wallos 记的取消日期 \(day) 已经过了" : "Wallos's cancellation date \(day) has passed"
    }

    var killed: String { zh ? "在 Wallos 里已停用，取消于这一天" : "inactive in Wallos, cancelled this day" }
    func killedBefore(_ next: CalendarDate) -> String {
        zh ? "已停用、没记取消日期：算作在下次付款（\(next)）前一天取消" : "inactive, no cancellation date: before its next payment, \(next)"
    }

    var killedToday: String { zh ? "在 Wallos 里已停用，没记取消日期" : "inactive in Wallos, which kept no cancellation date" }
}
