/// What `me/feed` answers: the new post's id.
struct Post: Decodable {
    var id: String
}

/// What `me/photos` answers: the photo's id and the post that shows it.
struct UploadedPhoto: Decodable {
    var id: String
    var postID: String

    enum CodingKeys: String, CodingKey {
        case id
        case postID = "post_id"
    }
}

/// One row of the "app friends" FQL query.
struct AppFriend: Decodable {
    var uid: Int64
    var name: String
}
