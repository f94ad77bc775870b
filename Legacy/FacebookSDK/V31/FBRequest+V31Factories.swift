import Foundation

/// v3.1's `FBRequest` factories, with the importer's spellings: the ones without an argument stay class
/// methods (`+requestForMe` is ``FBRequest/forMe()``), the others are initializers
/// (`+requestForGraphPath:` is ``FBRequest/init(forGraphPath:)``). Each uses the active session when it
/// is open, and none when it is not, as 3.1.1 did; set ``FBRequest/session`` to use another.
extension FBRequest {
    /// `+requestForMe`: a GET of `me`.
    public class func forMe() -> FBRequest! {
        FBRequest(session: FBSession.activeSessionIfOpen, graphPath: "me")
    }

    /// `+requestForMyFriends`: a GET of `me/friends` with `fields=id,name,username,first_name,last_name`.
    public class func forMyFriends() -> FBRequest! {
        FBRequest(
            session: FBSession.activeSessionIfOpen, graphPath: "me/friends",
            parameters: ["fields": "id,name,username,first_name,last_name"], httpMethod: nil)
    }

    /// `+requestForUploadPhoto:`: a POST of `photo` (as the file `picture`) to `me/photos`.
    public convenience init!(forUploadPhoto photo: UIImage!) {
        let parameters: [AnyHashable: Any] = photo.map { ["picture": $0] } ?? [:]
        self.init(
            session: FBSession.activeSessionIfOpen, graphPath: "me/photos", parameters: parameters,
            httpMethod: "POST")
    }

    /// `+requestForPostStatusUpdate:`: a POST of `message` to `me/feed`.
    public convenience init!(forPostStatusUpdate message: String!) {
        self.init(forPostStatusUpdate: message, place: nil, tags: nil)
    }

    /// `+requestForPostStatusUpdate:place:tags:`: a POST of `message` to `me/feed`, checked in at `place`
    /// (an id, or a graph object or dictionary with an `id`) and tagging `tags` (a collection of ids or
    /// graph objects, sent as `tags=id1,id2`).
    public convenience init!(forPostStatusUpdate message: String!, place: Any!, tags: Any!) {
        var parameters: [AnyHashable: Any] = ["message": message ?? ""]
        if let place { parameters["place"] = FBGraphObjectForm.fbid(of: place) }
        if let tags {
            let ids = FBGraphObjectForm.elements(of: tags).map(FBGraphObjectForm.fbid(of:))
            if !ids.isEmpty { parameters["tags"] = ids.joined(separator: ",") }
        }
        self.init(graphPath: "me/feed", parameters: parameters, httpMethod: "POST")
    }

    /// `+requestForPlacesSearchAtCoordinate:radiusInMeters:resultsLimit:searchText:`: a GET of `search`
    /// for places within `radius` meters of `coordinate`, at most `limit`, matching `searchText` when it
    /// is not empty.
    public convenience init!(
        forPlacesSearchAt coordinate: CLLocationCoordinate2D, radiusInMeters radius: Int, resultsLimit limit: Int,
        searchText: String!
    ) {
        var parameters: [AnyHashable: Any] = [
            "type": "place", "limit": "\(limit)", "distance": "\(radius)",
            "center": String(format: "%f,%f", coordinate.latitude, coordinate.longitude),
        ]
        if let searchText, !searchText.isEmpty { parameters["q"] = searchText }
        self.init(session: FBSession.activeSessionIfOpen, graphPath: "search", parameters: parameters, httpMethod: nil)
    }

    /// `+requestForGraphPath:`: a GET of `graphPath`.
    public convenience init!(forGraphPath graphPath: String!) {
        self.init(session: FBSession.activeSessionIfOpen, graphPath: graphPath, parameters: nil, httpMethod: nil)
    }

    /// `+requestForPostWithGraphPath:graphObject:`: a POST of `graphObject`'s properties to `graphPath`.
    public convenience init!(forPostWithGraphPath graphPath: String!, graphObject: FBGraphObjectProtocol!) {
        self.init(forPostWith: FBSession.activeSessionIfOpen, graphPath: graphPath, graphObject: graphObject)
    }

    /// `+requestWithGraphPath:parameters:HTTPMethod:`: a call of `graphPath` with `parameters` and
    /// `httpMethod` (nil: GET).
    public convenience init!(graphPath: String!, parameters: [AnyHashable: Any]!, httpMethod: String!) {
        self.init(
            session: FBSession.activeSessionIfOpen, graphPath: graphPath, parameters: parameters,
            httpMethod: httpMethod)
    }
}
