/// The latest deposit's fall, frame by frame at 30 frames per second: what `frames/NNNN.svg` and
/// `drop.svg` are drawn from.
public struct DropFilm: Equatable, Sendable {
    /// Coins that do not move during the drop.
    public var still: [SettledCoin]
    /// Coins traded away by a merge: shown fading out during the lead-in, then gone.
    public var fading: [SettledCoin]
    /// Tiers of the coins that move: woken coins of the pile first, then the falling ones.
    public var moverTiers: [Int]
    /// `frames[f][m]`: where mover m is in frame f, nil before it enters the jar.
    public var frames: [[PhysicsSpace.Point?]]
    /// Frames at the start during which the fading coins fade (0 when nothing merged).
    public var leadIn: Int

    /// Frames shown while merged coins fade out: 0.3 s.
    public static let leadInFrames = 9
}
