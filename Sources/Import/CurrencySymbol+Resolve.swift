import Domain

extension CurrencySymbol {
    /// Where a price's currency came from, for the comment the import writes beside it.
    public enum Source: Sendable, Equatable {
        /// The symbol names one currency (`€`), or is an ISO code (`CHF`).
        case symbol
        /// `--currency`, which the symbol can mean (`$` with `--currency CAD`).
        case option
        /// The site's currency, which the symbol can mean (`$` on a USD site, `¥` on a JPY site).
        case site
    }

    /// Why a symbol names no currency here.
    public enum Refusal: Error, Sendable, Equatable {
        /// Several currencies write it, and neither `--currency` nor the site's currency is one of them.
        case ambiguous([Currency])
        /// Not a symbol sandjar knows, and no `--currency`.
        case unknown

        /// The message after the subscription's name: what the symbol can mean, and what to say.
        public func message(symbol: String, option: Currency?, site: Currency?) -> String {
            switch self {
            case .ambiguous(let candidates):
                let codes = candidates.map(\.code).joined(separator: ", ")
                if let option {
                    return "'\(symbol)' is the symbol of \(codes), never \(option.code); say which with --currency "
                        + "CODE, one of \(codes)"
                }
                let site = site.map { ", and the site's currency \($0.code) is none of them" } ?? ""
                return "'\(symbol)' is the symbol of several currencies (\(codes))\(site); say which with "
                    + "--currency CODE"
            case .unknown:
                return "'\(symbol)' is not a currency symbol sandjar knows; say which currency with --currency CODE"
            }
        }
    }

    /// The currency `symbol` stands for, as a person means it (DESIGN.md §3, Import): a symbol of
    /// one currency names it; a symbol several currencies write (`$`, `¥`, `kr`) is `--currency`
    /// when it can mean that, else the site's currency when it can mean that, else refused with
    /// what it can mean — `¥` is JPY or CNY and never USD, whatever `--currency` says. A symbol
    /// sandjar does not know takes `--currency`, the person's word for it.
    public static func resolve(
        _ symbol: String, option: Currency?, site: Currency?
    ) -> Result<(Currency, Source), Refusal> {
        switch read(symbol) {
        case .one(let named):
            return .success((named, .symbol))
        case .several(let candidates):
            if let option, candidates.contains(option) { return .success((option, .option)) }
            if let site, candidates.contains(site) { return .success((site, .site)) }
            return .failure(.ambiguous(candidates))
        case .unknown:
            if let option { return .success((option, .option)) }
            return .failure(.unknown)
        }
    }
}
