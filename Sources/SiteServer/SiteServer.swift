/// Placeholder: the loopback HTTP server for `sandjar serve` is being written.
public enum SiteServerPlaceholder {}
