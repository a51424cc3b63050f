/// The options of `sandjar import wallos`.
extension Option where Value == Bool {
    static var write: Option {
        .flag("write", help: ["write the new file; without it, print what it would hold and", "write nothing"])
    }
}
