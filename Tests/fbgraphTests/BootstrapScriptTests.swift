import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// `scripts/bootstrap` as `scripts/demo` runs it, on a machine that lacks everything: with `apt-get`,
/// `sudo`, `systemctl` and `service` replaced by stubs that only log, it must ask for exactly the build
/// packages and never touch a service.
@Suite("scripts/bootstrap", .onOwnThread)
struct BootstrapScriptTests {
    @Test("Without --tests it installs only libcurl's, OpenSSL's and SQLite's headers, and touches no service")
    func demoInstallsOnlyBuildPackages() throws {
        let stubs = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: stubs) }
        let log = stubs.appendingPathComponent("calls.log").path
        let stub = "#!/bin/sh\necho \"$(basename \"$0\") $*\" >> \"\(log)\"\n"
        for name in ["apt-get", "sudo", "systemctl", "service"] {
            try TestFiles.write(stub, to: name, in: stubs)
        }
        // pkg-config answers that none of libcurl, libcrypto and sqlite3 is installed.
        try TestFiles.write("#!/bin/sh\nexit 1\n", to: "pkg-config", in: stubs)
        for name in ["apt-get", "sudo", "systemctl", "service", "pkg-config"] {
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: stubs.appendingPathComponent(name).path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [PackageRoot.url.appendingPathComponent("scripts/bootstrap").path]
        process.environment = ["PATH": "\(stubs.path):/usr/bin:/bin", "HOME": stubs.path]
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try ChildProcess.run(process)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let calls = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let installs = calls.split(separator: "\n").filter { $0.contains(" install ") }
        #expect(installs.count == 1, "\(calls)")
        // `apt-get install …` as root, `sudo apt-get install …` otherwise: the words after `install`.
        let words = installs.first?.split(separator: " ") ?? []
        let packages = Set(words.drop { $0 != "install" }.dropFirst().filter { !$0.hasPrefix("-") })
        #expect(packages == ["libcurl4-openssl-dev", "libssl-dev", "libsqlite3-dev"], "\(calls)")
        #expect(!calls.contains("systemctl") && !calls.contains("service "), "\(calls)")
    }
}
