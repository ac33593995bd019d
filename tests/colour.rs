//! When colour is written: `--color auto` (the default) colours output that goes to a terminal
//! that can show colour, as ripgrep and clap decide: not where `TERM` is `dumb` or unset (a
//! terminal that says it has no colour), nor where `NO_COLOR` is set and not empty
//! (no-color.org).

use crate::util::on_terminal;

/// Each command that colours, with a record whose output is coloured.
const COLOURED: &[&[&str]] = &[
    &["check", "http://a/ b"],
    &["table", "#"],
    &["pretty-print", "http://a/%C3%A9?q=1#f"],
];

/// Whether `screen` holds an SGR sequence (ECMA-48 "CSI ... m").
fn coloured(screen: &str) -> bool {
    screen.contains("\x1b[")
}

#[test]
fn auto_colours_a_terminal_that_can_show_colour() {
    for args in COLOURED {
        let (_, screen) = on_terminal(&[("TERM", "xterm-256color")], args);
        assert!(coloured(&screen), "{args:?}: {screen:?}");
        let (_, screen) = on_terminal(
            &[("TERM", "xterm-256color")],
            &[args, &["--color", "never"][..]].concat(),
        );
        assert!(!coloured(&screen), "{args:?} --color never: {screen:?}");
    }
}

#[test]
fn a_dumb_terminal_gets_no_colour() {
    for args in COLOURED {
        let (_, screen) = on_terminal(&[("TERM", "dumb")], args);
        assert!(!coloured(&screen), "{args:?}: {screen:?}");
        // Asked for, it is written all the same.
        let always = [args, &["--color", "always"][..]].concat();
        let (_, screen) = on_terminal(&[("TERM", "dumb")], &always);
        assert!(coloured(&screen), "{always:?}: {screen:?}");
    }
}

#[test]
fn no_terminal_type_gets_no_colour() {
    for args in COLOURED {
        let mut command = crate::util::uriesc();
        command.env_remove("TERM");
        let (_, screen) = crate::util::on_terminal_with(command, args);
        assert!(!coloured(&screen), "{args:?}: {screen:?}");
    }
}

#[test]
fn no_color_set_and_not_empty_gets_no_colour() {
    for args in COLOURED {
        let (_, screen) = on_terminal(&[("TERM", "xterm-256color"), ("NO_COLOR", "1")], args);
        assert!(!coloured(&screen), "{args:?}: {screen:?}");
        // no-color.org: "when present and not an empty string".
        let (_, screen) = on_terminal(&[("TERM", "xterm-256color"), ("NO_COLOR", "")], args);
        assert!(coloured(&screen), "{args:?} NO_COLOR='': {screen:?}");
    }
}
