package textsafe

import (
	"strings"
	"testing"
)

func TestLineStripsEverythingThatDrivesATerminal(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain", "Ada Lovelace", "Ada Lovelace"},
		{"accents and CJK kept", "Zoë 山田 محمد", "Zoë 山田 محمد"},
		{"CSI colour", "Ada\x1b[31mRed\x1b[0m", "AdaRed"},
		{"CSI cursor moves", "a\x1b[2J\x1b[10;20Hb", "ab"},
		{"OSC title with BEL", "x\x1b]0;pwned\x07y", "xy"},
		{"OSC 52 clipboard with ST", "x\x1b]52;c;ZXZpbA==\x1b\\y", "xy"},
		{"OSC hyperlink", "\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"DCS", "a\x1bPq#0;2;0;0;0\x1b\\b", "ab"},
		{"unterminated OSC swallows the rest", "a\x1b]0;never ends", "a"},
		{"lone ESC at end", "abc\x1b", "abc"},
		{"two-byte escape", "a\x1bcb", "ab"},
		{"C0 controls", "a\x00b\x07c\x08d", "abcd"},
		{"C1 controls", "a\u0085b\u0080c", "abc"},
		{"C1 CSI drops its parameters as ESC [ does", "Spring\u009b31m Appeal\u009b2J", "Spring Appeal"},
		{"C1 OSC until BEL", "x\u009d0;pwned\x07y", "xy"},
		{"C1 OSC until C1 ST", "x\u009d52;c;ZXZpbA==\u009cy", "xy"},
		{"C1 DCS until ST", "a\u0090q#0;2\x1b\\b", "ab"},
		{"OSC until C1 ST", "x\x1b]0;t\u009cy", "xy"},
		{"DEL", "a\x7fb", "ab"},
		{"newline and tab become spaces", "a\nb\tc\r\nd", "a b c d"},
		{"bidi override", "abc\u202Egnp.exe", "abcgnp.exe"},
		{"bidi isolates and marks", "\u2066x\u2069\u200Fy", "xy"},
		{"zero width", "a\u200Bb\uFEFFc\u200Dd", "abcd"},
		{"invalid UTF-8", "a\xffb", "a\uFFFDb"},
		{"broken CSI keeps following text", "a\x1b[31\x00b", "ab"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Line(tc.in); got != tc.want {
				t.Errorf("Line(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestBlockKeepsLineBreaks(t *testing.T) {
	if got := Block("Dear all,\r\n\x1b[5mthanks\x1b[0m\tx"); got != "Dear all,\nthanks x" {
		t.Errorf("Block = %q", got)
	}
}

func TestNothingDangerousSurvivesLongHostileInput(t *testing.T) {
	hostile := strings.Repeat("\x1b]52;c;AAAA\x07\x1b[31m\u202E\x00\u009b\xff名前", 1000)
	for _, out := range []string{Line(hostile), Block(hostile)} {
		for _, r := range out {
			if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 || invisible(r) {
				t.Fatalf("%U survived", r)
			}
		}
		if strings.Count(out, "名前") != 1000 {
			t.Error("text between the sequences was lost")
		}
	}
}

func TestWidthAwareFitting(t *testing.T) {
	cases := []struct {
		in    string
		w     int
		fit   string
		right string
	}{
		{"abc", 5, "abc  ", "  abc"},
		{"山田花子", 6, "山田… ", " 山田…"},
		{"山田", 4, "山田", "山田"},
		{"abcdef", 4, "abc…", "abc…"},
		{"", 2, "  ", "  "},
	}
	for _, tc := range cases {
		if got := Fit(tc.in, tc.w); got != tc.fit || Width(got) != tc.w {
			t.Errorf("Fit(%q,%d) = %q (width %d), want %q", tc.in, tc.w, got, Width(got), tc.fit)
		}
		if got := FitRight(tc.in, tc.w); got != tc.right {
			t.Errorf("FitRight(%q,%d) = %q, want %q", tc.in, tc.w, got, tc.right)
		}
	}
}
