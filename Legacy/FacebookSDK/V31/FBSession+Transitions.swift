import FacebookGraph
import Foundation

/// The state machine: 3.1.1's one place that changes a session's state, token and expiry, caches the
/// token, tells the close observers and posts the active session's notifications; and the closes.
extension FBSession {
    /// Whether 3.1.1 allowed going from `prior` to `state`.
    static func isValidTransition(from prior: FBSessionState, to state: FBSessionState) -> Bool {
        switch state {
        case FBSessionStateOpen:
            [FBSessionStateCreatedTokenLoaded, FBSessionStateCreatedOpening].contains(prior)
        case FBSessionStateCreatedOpening, FBSessionStateCreatedTokenLoaded:
            prior == FBSessionStateCreated
        case FBSessionStateClosedLoginFailed:
            prior == FBSessionStateCreatedOpening
        case FBSessionStateOpenTokenExtended:
            [FBSessionStateOpen, FBSessionStateOpenTokenExtended].contains(prior)
        case FBSessionStateClosed:
            [FBSessionStateOpen, FBSessionStateOpenTokenExtended, FBSessionStateCreatedTokenLoaded].contains(prior)
        default:
            false
        }
    }

    /// Moves to `state` when the move is valid (an invalid one is logged and changes nothing): sets
    /// `token` and `expirationDate` when both are given, clears them when leaving the open states,
    /// caches them when `shouldCache`, then tells the close observers and posts the notifications.
    /// Returns whether the state changed.
    @discardableResult
    func transition(
        to state: FBSessionState, token newToken: String? = nil, expirationDate newExpiry: Date? = nil,
        shouldCache: Bool = false, loginType: FBSessionLoginType = FBSessionLoginTypeNone
    ) -> Bool {
        let outcome = lock.withLock { () -> (prior: FBSessionState, information: [AnyHashable: Any]?)? in
            let prior = current
            guard Self.isValidTransition(from: prior, to: state) else { return nil }
            if [FBSessionStateOpen, FBSessionStateCreatedTokenLoaded].contains(state),
                loginType != FBSessionLoginTypeNone
            {
                login = loginType
            }
            var changingToken = false
            if let newToken, let newExpiry {
                token = newToken
                expiry = newExpiry
                changingToken = true
            } else if !state.isOpen, prior.isOpen {
                token = nil
                expiry = nil
            }
            current = state
            guard changingToken, shouldCache, let newToken, let newExpiry else { return (prior, nil) }
            var information: [AnyHashable: Any] = [
                FBTokenInformationTokenKey: newToken, FBTokenInformationExpirationDateKey: newExpiry,
                FBTokenInformationLoginTypeLoginKey: NSNumber(value: login.rawValue),
                FBTokenInformationPermissionsKey: grantedPermissions.map { "\($0)" },
            ]
            if let refreshDate { information[FBTokenInformationRefreshDateKey] = refreshDate }
            if let userID = owner { information[FBTokenInformationUserFBIDKey] = userID }
            return (prior, information)
        }
        guard let outcome else {
            FBLogger.singleShotLogEntry(
                FBLoggingBehaviorSessionStateTransitions,
                logEntry: "FBSession **INVALID** transition from \(self.state) to \(state)")
            return false
        }
        FBLogger.singleShotLogEntry(
            FBLoggingBehaviorSessionStateTransitions, logEntry: "FBSession transition from \(outcome.prior) to \(state)"
        )
        if let information = outcome.information { tokenCachingStrategy.cacheTokenInformation(information) }
        if state.isTerminal, !outcome.prior.isTerminal {
            for observer in closeObserversToCall() { observer() }
        }
        if state.isOpen != outcome.prior.isOpen, Self.isActive(self) {
            Self.post(
                state.isOpen
                    ? FBSessionDidBecomeOpenActiveSessionNotification
                    : FBSessionDidBecomeClosedActiveSessionNotification,
                self)
        }
        return true
    }

    /// 3.1.1's `transitionAndCallHandlerWithState:`: the transition, then — on reaching a closed state
    /// — the handler released and a pending reauthorize failed (session closed); then the handler
    /// called with the state, and `error` only if the state changed.
    func transitionAndCallHandler(
        to state: FBSessionState, error: NSError? = nil, token newToken: String? = nil,
        expirationDate newExpiry: Date? = nil, shouldCache: Bool = false,
        loginType: FBSessionLoginType = FBSessionLoginTypeNone
    ) {
        let changed = transition(
            to: state, token: newToken, expirationDate: newExpiry, shouldCache: shouldCache, loginType: loginType)
        let (handler, now) = lock.withLock { () -> (FBSessionStateHandler?, FBSessionState) in
            let handler = stateHandler
            if changed, current != FBSessionStateCreatedOpening {
                // Whatever the running device login was for has happened (or can no longer).
                pendingLogin?.cancel()
                pendingLogin = nil
            }
            if changed, current.isTerminal { stateHandler = nil }
            return (handler, current)
        }
        if changed, now.isTerminal {
            finishReauthorize(Self.loginFailedError(reason: FBErrorReauthorizeFailedReasonSessionClosed))
        }
        handler?(self, now, changed ? error : nil)
    }

    /// Calls and clears the pending reauthorize handler.
    func finishReauthorize(_ error: NSError?) {
        let handler = lock.withLock { () -> FBSessionReauthorizeResultHandler? in
            defer { reauthorizeHandler = nil }
            return reauthorizeHandler
        }
        handler?(self, error)
    }

    /// v3.1's login error (``LegacyNSError/loginFailed(reason:originalErrorCode:innerError:description:)``).
    static func loginFailedError(
        reason: String?, originalErrorCode: String? = nil, innerError: NSError? = nil, description: String? = nil
    ) -> NSError {
        LegacyNSError.loginFailed(
            reason: reason, originalErrorCode: originalErrorCode, innerError: innerError, description: description)
    }

    // MARK: - Closing

    /// `-close`: closes the session and keeps the cached token: ``FBSessionStateClosed``, or
    /// ``FBSessionStateClosedLoginFailed`` when a login was under way (it stops). The handler is
    /// called and released; pickers using the session clear their data and selection.
    public func close() {
        let closing = state == FBSessionStateCreatedOpening ? FBSessionStateClosedLoginFailed : FBSessionStateClosed
        transitionAndCallHandler(to: closing)
    }

    /// `-closeAndClearTokenInformation`: clears the cached token (the strategy's
    /// ``FBSessionTokenCachingStrategy/clearToken()``) and the friend lists cached for the token's
    /// owner (v3.1 deleted the data cached for the session), then closes unless already closed.
    public func closeAndClearTokenInformation() {
        if let ownerID = userID { FriendPickerCache.removeEntries(owner: ownerID, from: pageStore) }
        tokenCachingStrategy.clearToken()
        if !state.isTerminal {
            transitionAndCallHandler(to: FBSessionStateClosed)
        }
    }
}
