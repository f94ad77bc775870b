/// The package's version.
public enum PackageVersion {
    /// The semantic version of this build of the package.
    public static let current = "0.1.0"
}
