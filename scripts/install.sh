#!/usr/bin/env bash
# Installs haru for the machine's users: a release build with the Swift
# standard library linked in statically (it runs where no Swift toolchain
# is), shell completions and a man page made from the help.
#
#   scripts/install.sh [PREFIX]     (default /usr/local; e.g. ~/.local)
#
# PREFIX/bin/haru, PREFIX/share/man/man1/haru.1, and the completions under
# PREFIX/share/{bash-completion/completions,zsh/site-functions,fish/vendor_completions.d}.
# At run time haru needs only the C library and the C++ runtime every Debian
# system has: LMDB and libcrypto are linked in too (scripts/build-release.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-/usr/local}
scripts/setup.sh
scripts/build-release.sh --product haru 2>&1 | tail -n 1
bin=.build/release/haru
install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 755 "$bin" "$prefix/bin/haru"
python3 scripts/gen-man.py "$bin" "$prefix/share/man/man1/haru.1"
"$bin" completion bash > "$prefix/share/bash-completion/completions/haru"
"$bin" completion zsh > "$prefix/share/zsh/site-functions/_haru"
"$bin" completion fish > "$prefix/share/fish/vendor_completions.d/haru.fish"
# It must run where no Swift toolchain is: shown with the toolchain's libraries hidden, where that can be done.
swiftlib=$(dirname "$(dirname "$(command -v swift)")")/lib/swift
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && [ -d "$swiftlib" ]; then
    empty=$(mktemp -d)
    unshare -m sh -c "mount --bind '$empty' '$swiftlib' && '$prefix/bin/haru' --version >/dev/null" \
        || { echo "install: $prefix/bin/haru does not run without $swiftlib" >&2; exit 1; }
    rmdir "$empty"
fi
echo "installed $prefix/bin/haru ($("$prefix/bin/haru" --version)), its man page and completions for bash, zsh and fish"
