/// An argument as a shell needs it typed in a suggested command: quoted when
/// it holds a space or a quote (`haru restore 'Morning run'`).
package enum ShellWord {
    public static func quoted(_ s: String) -> String {
        s.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" })
            ? "'" + String(s.flatMap { $0 == "'" ? Array("'\\''") : [$0] }) + "'" : s
    }
}
