import HaruLedger
import HaruWeb

extension Subcommands {
    static let web = Command(
        name: "web", abstract: "Serve the app's screens as a local web page, live, until Ctrl-C.",
        usage: "web [--port] [--open] [--listen]",
        options: [
            OptionSpec(.port, value: "N", help: "The port (default \(WebServer.defaultPort); 0: any free one, printed)."),
            OptionSpec(.open, help: "Open the page in the desktop's browser (xdg-open)."),
            OptionSpec(
                .listen, value: "ADDRESS",
                help:
                    "Listen on this IPv4 address instead of 127.0.0.1 (0.0.0.0: every interface); the page then needs the token in the printed URL."
            ),
        ],
        discussion: """
            The screens of the app: today (a button per action that starts, stops or counts it, and
            goal cards with day, week and month bars and quest rings), records by day (edit, delete,
            restore, undo), statistics (`haru report`'s table with its filter), the diary (mood,
            writing, to-dos, attachments) and the timetable; in the language of --lang (switchable
            on the page), light or dark. When another process writes (`haru count`, `haru sync`), open
            pages redraw within a second; a running timer ticks on the page.

            Only this machine can reach it: it listens on 127.0.0.1 and answers only requests that
            name it as their host. Writes go through the same rules as haru's commands (the page's
            Undo takes back what the page wrote) and need the page's token and a same-origin request,
            so another site open in the browser cannot write. Pages and scripts come from the haru
            binary; nothing is loaded from the network. Needs GNU libmicrohttpd (Debian: libmicrohttpd12).
            """,
        maxArgs: 0,
        run: { ctx, p in
            guard let serving = ctx.invocation.serving else { throw UsageError(.webNeedsTheProgram) }
            var options = WebServer.Options(language: PageLanguage(rawValue: ctx.words.language.rawValue) ?? .en)
            if let port = p.value(.port) {
                guard let n = UInt16(port) else { throw UsageError(.webNotAPort, Echo.quoted(port)) }
                options.port = n
            }
            if let address = p.value(.listen) { options.address = address }
            let ledger = try ctx.openLedger()
            serving.holdStopSignals()
            let server = try WebServer(ledger: ledger, options: options, clock: serving.clock, random: serving.random)
            ctx.out.line(ctx.words(.webServing, server.url))
            if !WebServer.isLoopback(options.address) {
                ctx.invocation.err.line(ctx.words(.webListening, options.address))
            }
            ctx.out.line(ctx.words(.webStops))
            ctx.out.flush()
            if p.has(.open), !serving.openURL(server.url) {
                ctx.invocation.err.line(ctx.words(.webOpenYourself, server.url))
            }
            serving.waitForStop()
            server.stop()
            ctx.out.line(ctx.words(.webStopped))
            return ExitCode.ok
        })
}
