import Foundation
import TestSupport
import Testing

/// `haru web`'s ways in that refuse before serving: each says what is wrong,
/// exits non-zero and leaves the ledger as it was (the served page itself is
/// tested in a browser: Tests/Web/browser_test.py).
@Suite(.timeLimit(.minutes(2)))
struct WebCommand {
    @Test(arguments: [
        (["web", "--port", "http"], 2, #"--port: "http" is not a port (0 … 65535)"#),
        (["web", "--port", "70000"], 2, #"--port: "70000" is not a port (0 … 65535)"#),
        (["web", "--port", "-1"], 2, #"--port: "-1" is not a port"#),
        (["web", "--listen", "localhost:80", "--port", "0"], 3, "localhost:80 is not an IPv4 address (write it as 127.0.0.1 or 0.0.0.0)"),
        (["web", "extra"], 2, "Error:"),
    ])
    func aBadFlagIsRefusedBeforeAnythingServes(args: [String], code: Int32, message: String) throws {
        let dir = TempDir()
        #expect(try runBinary(["init", "--time-zone", "UTC"], ledger: dir.ledgerPath).code == 0)
        let r = try runBinary(args, ledger: dir.ledgerPath)
        #expect(r.code == code, "\(r.err)")
        #expect(r.err.contains(message), "\(r.err)")
        #expect(try runBinary(["verify"], ledger: dir.ledgerPath).out.hasPrefix("ok: 1 events"))
    }

    @Test func aPortInUseAndAMissingLedgerAreSaid() throws {
        let dir = TempDir()
        #expect(try runBinary(["init", "--time-zone", "UTC"], ledger: dir.ledgerPath).code == 0)
        // Another program holds a port: haru web names it and the way out.
        let r = try sh(
            """
            python3 -c 'import socket, sys, time
            s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen()
            print(s.getsockname()[1], flush=True); time.sleep(30)' > '\(dir.path)/port' 2>/dev/null &
            holder=$!
            while [ ! -s '\(dir.path)/port' ]; do sleep 0.05; done
            HARU_LEDGER='\(dir.ledgerPath)' '\(haruBinary)' web --port "$(cat '\(dir.path)/port')"
            echo "exit $?"
            kill -9 $holder  # SIGKILL: a test runner may leave SIGTERM ignored in its children
            """)
        #expect(r.out.contains("exit 3"), "\(r.out) \(r.err)")
        #expect(r.err.contains("is in use (another `haru web`? pick one with --port)"), "\(r.err)")
        let missing = try runBinary(["web", "--port", "0"], ledger: dir.path + "/absent")
        #expect(missing.code == 3)
        #expect(missing.err.contains("no ledger"), "\(missing.err)")
    }

    /// In a test's process (no real clock or signals to wait on), `haru web` says it cannot serve.
    @Test func inProcessItSaysItNeedsTheProgram() {
        let dir = TempDir()
        #expect(haru(["init", "--time-zone", "UTC"], ledger: dir.ledgerPath).code == 0)
        let r = haru(["web"], ledger: dir.ledgerPath)
        #expect(r.code == 2)
        #expect(r.err.contains("haru web runs only as the haru program itself"))
    }
}
