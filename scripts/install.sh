#!/usr/bin/env bash
# Installs haru for the machine's users: a release build with the Swift
# standard library linked in statically (it runs where no Swift toolchain
# is), shell completions and a man page made from the help.
#
#   scripts/install.sh [PREFIX]     (default /usr/local; e.g. ~/.local)
#
# PREFIX/bin/haru, PREFIX/share/man/man1/haru.1, and the completions under
# PREFIX/share/{bash-completion/completions,zsh/site-functions,fish/vendor_completions.d}.
# At run time haru needs only the C libraries of Debian's liblmdb0 and
# libssl3 (what scripts/setup.sh installs brings them).
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-/usr/local}
scripts/setup.sh
# Recompiled whole: with cross-module optimization the CLI holds copies of
# the library's code that an incremental build can leave stale (Docs/design.md).
find Sources/HaruCLI Sources/haru -name '*.swift' -exec touch {} +
swift build -c release --static-swift-stdlib -Xswiftc -cross-module-optimization --product haru 2>&1 | tail -n 1
bin=.build/release/haru
install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 755 "$bin" "$prefix/bin/haru"
python3 scripts/gen-man.py "$bin" "$prefix/share/man/man1/haru.1"
"$bin" completion bash > "$prefix/share/bash-completion/completions/haru"
"$bin" completion zsh > "$prefix/share/zsh/site-functions/_haru"
"$bin" completion fish > "$prefix/share/fish/vendor_completions.d/haru.fish"
echo "installed $prefix/bin/haru ($("$prefix/bin/haru" --version)), its man page and completions for bash, zsh and fish"
