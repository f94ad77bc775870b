/// A latitude or longitude in degrees (Core Location's `CLLocationDegrees`), for
/// `FBRequest(forPlacesSearchAt:radiusInMeters:resultsLimit:searchText:)` on Linux.
public typealias CLLocationDegrees = Double

/// Core Location's coordinate, which v3.1's places search takes; Linux has no Core Location.
public struct CLLocationCoordinate2D: Sendable, Equatable {
    /// Degrees north of the equator (negative: south).
    public var latitude: CLLocationDegrees
    /// Degrees east of Greenwich (negative: west).
    public var longitude: CLLocationDegrees

    /// The coordinate 0, 0.
    public init() {
        latitude = 0
        longitude = 0
    }

    /// The coordinate at `latitude`, `longitude`.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// `CLLocationCoordinate2DMake`: the coordinate at `latitude`, `longitude`.
public func CLLocationCoordinate2DMake(
    _ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees
) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}
