import Basics

extension String {
    /// FNV-1a over UTF-8: the same on every run, unlike `hashValue` (the feeds' and calendars' ids).
    package var hashValueStable: Int { Int(truncatingIfNeeded: FNV1a.hash(self) >> 1) }
}
