// `import FBConnect` is the v2 SDK's umbrella (`FBConnect.h`): it brings in the whole legacy
// surface, exactly as `import FacebookSDK` does.
@_exported import FacebookSDK
