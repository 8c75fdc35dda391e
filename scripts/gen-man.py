#!/usr/bin/env python3
"""Writes haru(1), a man page in roff, from the help text of every command.

    scripts/gen-man.py HARU OUT     (HARU: a haru binary; OUT: the page, e.g. haru.1)

The commands are those `haru --help` lists, and for a group (tag, action,
export, import …) those its own help lists; each command's help is set as it
prints, so the page says exactly what `haru help CMD` says.
"""
import re
import subprocess
import sys


def help_of(haru, words):
    return subprocess.run([haru, "help", *words], capture_output=True, text=True, check=True).stdout


def subcommands(text):
    """The names listed under SUBCOMMANDS: in a help text."""
    out, inside = [], False
    for line in text.splitlines():
        if line.startswith("SUBCOMMANDS:"):
            inside = True
            continue
        if inside:
            m = re.match(r"^  ([a-z][a-z-]*)\s", line)
            if m:
                out.append(m.group(1))
            elif line.strip() and not line.startswith(" "):
                break
    return out


def roff(text):
    """Help text as literal roff lines: backslashes doubled, a leading dot or quote guarded."""
    lines = []
    for line in text.rstrip("\n").splitlines():
        line = line.replace("\\", "\\e")
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def main():
    haru, out = sys.argv[1], sys.argv[2]
    version = subprocess.run([haru, "--version"], capture_output=True, text=True).stdout.strip() or "haru"
    top = help_of(haru, [])
    overview = top.split("USAGE:")[0].replace("OVERVIEW:", "").strip()
    page = [
        f'.TH HARU 1 "" "{version}" "User Commands"',
        ".SH NAME",
        "haru \\- an event-sourced habit and time ledger",
        ".SH SYNOPSIS",
        ".B haru",
        ".I subcommand",
        "[options]",
        ".SH DESCRIPTION",
        roff(overview).replace("\n\n", "\n.PP\n"),
        ".PP",
        "Every command below is shown with the help it prints (`haru help COMMAND`).",
        ".SH COMMANDS",
    ]
    for name in subcommands(top):
        text = help_of(haru, [name])
        subs = subcommands(text)
        for words in [[name]] + [[name, s] for s in subs]:
            body = text if len(words) == 1 else help_of(haru, words)
            page += [f".SS haru {' '.join(words)}", ".nf", roff(body), ".fi"]
    page += [
        ".SH EXIT STATUS",
        "0 ok; 1 a check or verification failed; 2 bad usage or bad input (nothing written);",
        "3 the ledger cannot be opened or is damaged; 4 the events were committed but the output",
        "could not be written (the message names the committed seqs: do not append them again).",
        ".SH ENVIRONMENT",
        ".TP",
        ".B HARU_LEDGER",
        "The ledger directory (else $XDG_DATA_HOME/haru, else ~/.local/share/haru).",
        ".TP",
        ".B NO_COLOR",
        "No colour on a terminal (as --color never).",
        ".TP",
        ".B TZ",
        "The default zone of haru init (else /etc/localtime, else UTC); nothing else reads it: a ledger keeps its own zone.",
        ".TP",
        ".B LANG",
        "Not read: haru's output does not depend on the locale.",
        ".SH SEE ALSO",
        "timew(1), hledger(1)",
    ]
    with open(out, "w") as f:
        f.write("\n".join(page) + "\n")


if __name__ == "__main__":
    main()
