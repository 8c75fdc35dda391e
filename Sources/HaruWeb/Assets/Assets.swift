/// What the browser loads, served from the binary: the page, its style and
/// script (Assets+Style.swift, Assets+Script.swift) and the words in every
/// language. Nothing is loaded from the network; the Content-Security-Policy
/// allows scripts, styles and connections to this origin only.

import HaruLedger

enum Assets {
    /// The page: a shell the script fills; the token in a meta element only
    /// this origin can read.
    static func page(token: String, language: PageLanguage) -> String {
        let t = "?token=" + token
        return """
            <!doctype html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="haru-token" content="\(token)">
            <meta name="color-scheme" content="light dark">
            <title>haru</title>
            <link rel="icon" href="data:,">
            <link rel="stylesheet" href="/app.css\(t)">
            </head>
            <body>
            <a class="skip" href="#main">haru</a>
            <header>
            <nav id="tabs"></nav>
            <div class="tools">
            <span id="live" role="status"></span>
            <select id="lang"><option value="ko">한국어</option><option value="ja">日本語</option><option value="en">English</option></select>
            <button id="theme" type="button"></button>
            </div>
            </header>
            <main id="main" tabindex="-1"></main>
            <div id="toast" role="status" aria-live="polite"></div>
            <script src="/app.js\(t)"></script>
            </body>
            </html>

            """
    }

    /// Every word of the page in every language: `{"en": {"today": "Today", …}, "ko": …}`.
    static let words: JSONValue = .object(
        PageLanguage.allCases.map { l in (l.rawValue, .object(PageWord.allCases.map { ($0.rawValue, .string($0.text(l))) })) })

    /// Headers of the page: scripts, styles and connections from this origin only.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
}
