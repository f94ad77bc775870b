/// The package's version.
package enum PackageVersion {
    /// The semantic version of this build of the package.
    package static let current = "0.1.0"
}
